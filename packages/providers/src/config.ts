import { raise } from '@tend/kernel';
import { PROVIDER_ERRORS } from './error-codes.js';
import { isProviderId, type ProviderId } from './oauth-provider.port.js';

/** Settings every provider takes. A provider is enabled when both credentials are set. */
export interface CommonProviderSettings {
  /** AUTH_<ID>_CLIENT_ID (TikTok: the client key). */
  clientId?: string;
  /** AUTH_<ID>_CLIENT_SECRET (Apple: the client-secret JWT signed with your key). */
  clientSecret?: string;
  /** AUTH_<ID>_SCOPES: asked for on top of the defaults of spec section 9. */
  scopes?: string[];
  /** AUTH_<ID>_DISABLE_SIGN_UP: never create users through this provider. */
  disableSignUp?: boolean;
  /** AUTH_<ID>_DISABLE_IMPLICIT_SIGN_UP: create users only when the sign-in asked for it (requestSignUp). */
  disableImplicitSignUp?: boolean;
  /** AUTH_<ID>_DISABLE_ID_TOKEN_SIGN_IN: refuse POST /sign-in/social with an idToken. */
  disableIdTokenSignIn?: boolean;
}

export interface ProviderSettingsMap {
  apple: CommonProviderSettings & {
    /** AUTH_APPLE_APP_BUNDLE_IDENTIFIER: the audience of id tokens minted for a native app. */
    appBundleIdentifier?: string;
    /** AUTH_APPLE_AUDIENCE: accepted id-token audiences (overrides the above and the client id). */
    audience?: string[];
  };
  discord: CommonProviderSettings & { /** AUTH_DISCORD_PROMPT (default none) */ prompt?: 'none' | 'consent' };
  facebook: CommonProviderSettings & {
    /** AUTH_FACEBOOK_FIELDS: profile fields read on top of id, name, email, picture. */
    fields?: string[];
    /** AUTH_FACEBOOK_CONFIG_ID: a Facebook Login for Business configuration. */
    configId?: string;
  };
  github: CommonProviderSettings;
  microsoft: CommonProviderSettings & {
    /** AUTH_MICROSOFT_TENANT_ID (default common) */
    tenantId?: string;
    /** AUTH_MICROSOFT_AUTHORITY (default https://login.microsoftonline.com) */
    authority?: string;
    /** AUTH_MICROSOFT_PROFILE_PHOTO_SIZE (default 48) */
    profilePhotoSize?: MicrosoftPhotoSize;
    /** AUTH_MICROSOFT_DISABLE_PROFILE_PHOTO */
    disableProfilePhoto?: boolean;
  };
  google: CommonProviderSettings & {
    /** AUTH_GOOGLE_ACCESS_TYPE: offline asks for a refresh token. */
    accessType?: 'offline' | 'online';
    /** AUTH_GOOGLE_HD: the hosted domain to restrict the account chooser to. */
    hd?: string;
    /** AUTH_GOOGLE_PROMPT */
    prompt?: 'none' | 'consent' | 'select_account' | 'select_account consent';
  };
  spotify: CommonProviderSettings;
  twitch: CommonProviderSettings & { /** AUTH_TWITCH_CLAIMS: id-token claims asked for. */ claims?: string[] };
  twitter: CommonProviderSettings;
  dropbox: CommonProviderSettings & { /** AUTH_DROPBOX_ACCESS_TYPE (token_access_type) */ accessType?: 'offline' | 'online' | 'legacy' };
  kick: CommonProviderSettings;
  linkedin: CommonProviderSettings;
  gitlab: CommonProviderSettings & { /** AUTH_GITLAB_ISSUER: the GitLab host (default https://gitlab.com). */ issuer?: string };
  tiktok: CommonProviderSettings;
  reddit: CommonProviderSettings & { /** AUTH_REDDIT_DURATION: permanent asks for a refresh token. */ duration?: 'temporary' | 'permanent' };
  roblox: CommonProviderSettings & {
    /** AUTH_ROBLOX_PROMPT (default `select_account consent`) */
    prompt?: 'none' | 'consent' | 'login' | 'select_account' | 'select_account consent';
  };
  vk: CommonProviderSettings;
  zoom: CommonProviderSettings & { /** AUTH_ZOOM_PKCE (default true) */ pkce?: boolean };
}

export const MICROSOFT_PHOTO_SIZES = [48, 64, 96, 120, 240, 360, 432, 504, 648] as const;
export type MicrosoftPhotoSize = (typeof MICROSOFT_PHOTO_SIZES)[number];

export type ProvidersSettings = { [K in ProviderId]?: ProviderSettingsMap[K] };

/** A provider's settings once validated: credentials present. */
export type EnabledSettings<K extends ProviderId> = ProviderSettingsMap[K] & { clientId: string; clientSecret: string };

/** The extra settings each provider accepts, with their checks. */
const EXTRA: { [K in ProviderId]: Record<string, (value: unknown) => boolean> } = {
  apple: { appBundleIdentifier: isText, audience: isTextList },
  discord: { prompt: oneOf('none', 'consent') },
  facebook: { fields: isTextList, configId: isText },
  github: {},
  microsoft: {
    tenantId: (v) => isText(v) && /^[A-Za-z0-9.-]+$/.test(v),
    authority: isHttpsURL,
    profilePhotoSize: (v) => (MICROSOFT_PHOTO_SIZES as readonly unknown[]).includes(v),
    disableProfilePhoto: isBoolean,
  },
  google: { accessType: oneOf('offline', 'online'), hd: isText, prompt: oneOf('none', 'consent', 'select_account', 'select_account consent') },
  spotify: {},
  twitch: { claims: isTextList },
  twitter: {},
  dropbox: { accessType: oneOf('offline', 'online', 'legacy') },
  kick: {},
  linkedin: {},
  gitlab: { issuer: isHttpsURL },
  tiktok: {},
  reddit: { duration: oneOf('temporary', 'permanent') },
  roblox: { prompt: oneOf('none', 'consent', 'login', 'select_account', 'select_account consent') },
  vk: {},
  zoom: { pkce: isBoolean },
};

const COMMON_CHECKS: Record<string, (value: unknown) => boolean> = {
  clientId: isText,
  clientSecret: isText,
  scopes: isTextList,
  disableSignUp: isBoolean,
  disableImplicitSignUp: isBoolean,
  disableIdTokenSignIn: isBoolean,
};

/**
 * Checks the providers' settings and answers the enabled ones (both credentials set). One
 * credential without the other, an unknown provider or setting, or a malformed value is a
 * configuration error (500 Invalid provider configuration, or CLIENT_ID_AND_SECRET_REQUIRED),
 * raised at start-up rather than at the first sign-in.
 */
export function validateProvidersSettings(settings: Record<string, unknown>): { [K in ProviderId]?: EnabledSettings<K> } {
  const enabled: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    if (!isProviderId(id)) throw invalid(id, 'unknown provider');
    if (typeof value !== 'object' || value === null) throw invalid(id, 'settings must be an object');
    // Empty text means unset, as an empty environment variable does.
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== '');
    for (const [key, v] of entries) {
      const check = COMMON_CHECKS[key] ?? EXTRA[id][key];
      if (!check) throw invalid(id, `unknown setting ${key}`);
      if (!check(v)) throw invalid(id, `invalid ${key}`);
    }
    const given = Object.fromEntries(entries) as CommonProviderSettings;
    if (!given.clientId && !given.clientSecret) continue;
    if (!given.clientId || !given.clientSecret) throw raise(PROVIDER_ERRORS.CLIENT_ID_AND_SECRET_REQUIRED, { provider: id });
    enabled[id] = given;
  }
  return enabled as { [K in ProviderId]?: EnabledSettings<K> };
}

function invalid(provider: string, reason: string) {
  return raise(PROVIDER_ERRORS.INVALID_PROVIDER_CONFIGURATION, { provider, reason });
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 4096;
}

function isTextList(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => isText(item) && !/\s/.test(item));
}

function isBoolean(value: unknown): boolean {
  return typeof value === 'boolean';
}

function isHttpsURL(value: unknown): boolean {
  if (!isText(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function oneOf(...allowed: string[]) {
  return (value: unknown) => typeof value === 'string' && allowed.includes(value);
}
