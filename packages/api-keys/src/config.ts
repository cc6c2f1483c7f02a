import { DAY } from '@tend/kernel';

/** Settings of the per-key rate limit; durations in milliseconds. */
export interface ApiKeyRateLimitConfig {
  /** Off: no key is ever rate limited (counters still move). */
  enabled: boolean;
  /** The window a new key gets, in milliseconds. */
  timeWindow: number;
  /** The requests per window a new key gets. */
  maxRequests: number;
}

/** Everything configurable about API keys; defaults follow better-auth's api-key plugin. */
export interface ApiKeyConfig {
  /** Random characters of a key, after its prefix. */
  keyLength: number;
  /** The prefix of keys created without one (for example `tend_`); null for none. */
  defaultPrefix: string | null;
  /** How many first characters of a key are stored as `start`; null stores none. */
  startLength: number | null;
  prefixLength: { min: number; max: number };
  nameLength: { min: number; max: number };
  requireName: boolean;
  /** Off: any metadata on create or update answers 400 Metadata is disabled. */
  enableMetadata: boolean;
  /** Seconds. `default` applies when create gives none (null: never expires); `max` null: no upper bound. */
  expiresIn: { default: number | null; min: number; max: number | null };
  rateLimit: ApiKeyRateLimitConfig;
}

export const DEFAULT_API_KEY_CONFIG: ApiKeyConfig = {
  keyLength: 64,
  defaultPrefix: null,
  startLength: 6,
  prefixLength: { min: 1, max: 32 },
  nameLength: { min: 1, max: 32 },
  requireName: false,
  enableMetadata: true,
  expiresIn: { default: null, min: 1, max: null },
  rateLimit: { enabled: true, timeWindow: DAY, maxRequests: 10 },
};

/** The headers a request may carry its key in, first match wins (spec section 9: `apikey`). */
export const API_KEY_HEADERS = ['x-api-key', 'apikey'] as const;

/** Overrides of the defaults; the nested groups may be given in part. */
export type ApiKeyConfigOverrides = Partial<Omit<ApiKeyConfig, 'prefixLength' | 'nameLength' | 'expiresIn' | 'rateLimit'>> & {
  prefixLength?: Partial<ApiKeyConfig['prefixLength']>;
  nameLength?: Partial<ApiKeyConfig['nameLength']>;
  expiresIn?: Partial<ApiKeyConfig['expiresIn']>;
  rateLimit?: Partial<ApiKeyRateLimitConfig>;
};

/** `DEFAULT_API_KEY_CONFIG` with `overrides` applied (nested groups merged field by field). */
export function apiKeyConfig(overrides: ApiKeyConfigOverrides = {}): ApiKeyConfig {
  const base = DEFAULT_API_KEY_CONFIG;
  return {
    ...base,
    ...overrides,
    prefixLength: { ...base.prefixLength, ...overrides.prefixLength },
    nameLength: { ...base.nameLength, ...overrides.nameLength },
    expiresIn: { ...base.expiresIn, ...overrides.expiresIn },
    rateLimit: { ...base.rateLimit, ...overrides.rateLimit },
  };
}
