import { z } from 'zod';
import { DEFAULT_SCOPES, SIGNING_ALGORITHMS, type SigningAlgorithm } from '@tend/oauth-provider';
import type { ModuleSettings } from '../module.js';
import { onOff } from '../settings.js';

/** What the environment decides about Tend as an identity provider. */
export interface OAuthProviderConfig {
  /** AUTH_OAUTH_SCOPES: the scopes served (`openid profile email offline_access` and custom ones). */
  scopes: string[];
  /** AUTH_OAUTH_DYNAMIC_REGISTRATION: RFC 7591 registration without a session (`POST /oauth2/register`). */
  dynamicRegistration: boolean;
  /** AUTH_OAUTH_SIGNING_ALG: the algorithm of new signing keys (EdDSA, or RS256). */
  signingAlgorithm: SigningAlgorithm;
  /** AUTH_OAUTH_KEY_ROTATION_DAYS: a new signing key this often (0: only by `pnpm oauth:rotate-key`). */
  keyRotationDays: number;
  /** AUTH_OAUTH_REFRESH_GRACE_SECONDS: how long a rotated refresh token may come back without revoking its family (2-10). */
  refreshGraceSeconds: number;
}

declare module '../../config.js' {
  interface FeatureSettings {
    /** Tend as an OAuth 2.1 / OpenID Connect provider (AUTH_OAUTH_*). */
    oauthProvider: OAuthProviderConfig;
  }
}

const scopeToken = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/;

export const oauthProviderSettings: ModuleSettings<'oauthProvider'> = {
  key: 'oauthProvider',
  env: {
    AUTH_OAUTH_SCOPES: z
      .string()
      .trim()
      .optional()
      .transform((value) => [...new Set([...DEFAULT_SCOPES, ...(value ? value.split(/[\s,]+/).filter(Boolean) : [])])])
      .pipe(z.array(z.string().regex(scopeToken, 'must be scope names (printable ASCII, no spaces or quotes)')).max(100, 'names at most 100 scopes')),
    AUTH_OAUTH_DYNAMIC_REGISTRATION: onOff.default('off'),
    AUTH_OAUTH_SIGNING_ALG: z.enum(SIGNING_ALGORITHMS as [SigningAlgorithm, ...SigningAlgorithm[]]).default('EdDSA'),
    AUTH_OAUTH_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
    AUTH_OAUTH_REFRESH_GRACE_SECONDS: z.coerce.number().int().min(2).max(10).default(5),
  },
  fromEnv: (env) => ({
    scopes: env.AUTH_OAUTH_SCOPES as string[],
    dynamicRegistration: env.AUTH_OAUTH_DYNAMIC_REGISTRATION === 'on',
    signingAlgorithm: env.AUTH_OAUTH_SIGNING_ALG as SigningAlgorithm,
    keyRotationDays: env.AUTH_OAUTH_KEY_ROTATION_DAYS as number,
    refreshGraceSeconds: env.AUTH_OAUTH_REFRESH_GRACE_SECONDS as number,
  }),
};
