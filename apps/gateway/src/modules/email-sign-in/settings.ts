import { z } from 'zod';
import type { ModuleSettings } from '../module.js';
import { onOff } from '../settings.js';

/** What the environment decides about sign-in by mailed link or code. */
export interface EmailSignInConfig {
  /** The routes exist (AUTH_EMAIL_SIGN_IN); off: 404. */
  enabled: boolean;
  /** An unknown address gets a verified account on its first sign-in (AUTH_EMAIL_SIGN_IN_SIGN_UP). */
  signUp: boolean;
  /** Links and codes mailed to one address per window (AUTH_EMAIL_SIGN_IN_ADDRESS_LIMIT per AUTH_EMAIL_SIGN_IN_ADDRESS_WINDOW seconds). */
  mailsPerAddress: { max: number; window: number };
}

declare module '../../config.js' {
  interface FeatureSettings {
    /** Sign-in by mailed link or code (AUTH_EMAIL_SIGN_IN*). */
    emailSignIn: EmailSignInConfig;
  }
}

/** AUTH_EMAIL_SIGN_IN, AUTH_EMAIL_SIGN_IN_SIGN_UP, AUTH_EMAIL_SIGN_IN_ADDRESS_LIMIT, AUTH_EMAIL_SIGN_IN_ADDRESS_WINDOW. */
export const emailSignInSettings: ModuleSettings<'emailSignIn'> = {
  key: 'emailSignIn',
  env: {
    AUTH_EMAIL_SIGN_IN: onOff.default('on'),
    AUTH_EMAIL_SIGN_IN_SIGN_UP: onOff.default('on'),
    AUTH_EMAIL_SIGN_IN_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
    AUTH_EMAIL_SIGN_IN_ADDRESS_WINDOW: z.coerce.number().int().min(1).max(86_400).default(600),
  },
  fromEnv: (env) => ({
    enabled: env.AUTH_EMAIL_SIGN_IN === 'on',
    signUp: env.AUTH_EMAIL_SIGN_IN_SIGN_UP === 'on',
    mailsPerAddress: { max: env.AUTH_EMAIL_SIGN_IN_ADDRESS_LIMIT as number, window: env.AUTH_EMAIL_SIGN_IN_ADDRESS_WINDOW as number },
  }),
};
