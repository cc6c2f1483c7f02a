import { z } from 'zod';
import type { ModuleSettings } from '../module.js';

/** What the environment decides about the second factor. */
export interface TwoFactorConfig {
  /** The issuer authenticator apps show beside the account (AUTH_TWO_FACTOR_ISSUER, default `Tend`). */
  issuer: string;
}

declare module '../../config.js' {
  interface FeatureSettings {
    /** The second factor (AUTH_TWO_FACTOR_*). */
    twoFactor: TwoFactorConfig;
  }
}

/** AUTH_TWO_FACTOR_ISSUER. */
export const twoFactorSettings: ModuleSettings<'twoFactor'> = {
  key: 'twoFactor',
  env: {
    AUTH_TWO_FACTOR_ISSUER: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[^:\p{Cc}]+$/u, 'no colon or control characters')
      .default('Tend'),
  },
  fromEnv: (env) => ({ issuer: env.AUTH_TWO_FACTOR_ISSUER as string }),
};
