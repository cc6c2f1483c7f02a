import { z } from 'zod';
import type { ModuleSettings } from '../module.js';
import { SettingsError } from '../settings.js';

/** The relying party passkeys belong to. */
export interface PasskeysConfig {
  /** The relying-party id (AUTH_PASSKEY_RP_ID; default the host name of AUTH_WEB_URL). */
  rpID: string;
  /** The one origin whose WebAuthn answers are accepted (AUTH_PASSKEY_ORIGIN; default the origin of AUTH_WEB_URL). */
  origin: string;
  /** The name authenticators show (AUTH_PASSKEY_RP_NAME; default Tend). */
  rpName: string;
}

declare module '../../config.js' {
  interface FeatureSettings {
    /** Passkeys (AUTH_PASSKEY_*). */
    passkeys: PasskeysConfig;
  }
}

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** AUTH_PASSKEY_RP_ID, AUTH_PASSKEY_ORIGIN, AUTH_PASSKEY_RP_NAME. */
export const passkeysSettings: ModuleSettings<'passkeys'> = {
  key: 'passkeys',
  env: {
    AUTH_PASSKEY_RP_ID: z.string().trim().toLowerCase().regex(HOST, 'must be a host name').optional(),
    AUTH_PASSKEY_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    AUTH_PASSKEY_RP_NAME: z.string().trim().min(1).max(100).default('Tend'),
  },
  fromEnv: (env, config) => {
    const web = new URL(config.webURL);
    const rpID = (env.AUTH_PASSKEY_RP_ID as string | undefined) ?? web.hostname;
    const origin = new URL((env.AUTH_PASSKEY_ORIGIN as string | undefined) ?? web.origin).origin;
    const host = new URL(origin).hostname;
    // Browsers accept an rp id that is the origin's host or a registrable suffix of it.
    if (host !== rpID && !host.endsWith(`.${rpID}`)) throw new SettingsError([`AUTH_PASSKEY_RP_ID: ${rpID} is not the host name of the passkey origin ${origin} nor a suffix of it`]);
    return { rpID, origin, rpName: env.AUTH_PASSKEY_RP_NAME as string };
  },
};
