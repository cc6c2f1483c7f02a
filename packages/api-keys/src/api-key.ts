/** What a key may do: resource -> actions (`{ files: ['read', 'write'] }`), stored as JSON text. */
export type ApiKeyPermissions = Record<string, string[]>;

/**
 * An API key as stored (table `apikey`). `hash` is the SHA-256 of the key (base64url, the
 * `key` column): the key itself is shown once, at creation, and never stored. Durations are
 * milliseconds, as in better-auth's api-key plugin.
 */
export interface ApiKey {
  id: string;
  name: string | null;
  /** The first characters of the key (prefix included), so its owner can recognise it. */
  start: string | null;
  prefix: string | null;
  hash: string;
  userId: string;
  /** Milliseconds between refills of `remaining`. */
  refillInterval: number | null;
  /** What `remaining` is topped up to at each refill. */
  refillAmount: number | null;
  lastRefillAt: Date | null;
  enabled: boolean;
  rateLimitEnabled: boolean;
  /** Length of the rate-limit window, in milliseconds. */
  rateLimitTimeWindow: number | null;
  /** Requests allowed in one window. */
  rateLimitMax: number | null;
  /** Requests counted in the window of `lastRequest` (all requests when there is no window). */
  requestCount: number;
  /** Uses left; null means unlimited. */
  remaining: number | null;
  /** When the key was last used successfully. */
  lastRequest: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  permissions: ApiKeyPermissions | null;
  metadata: Record<string, unknown> | null;
}

/** A key as answered to clients: every field but the hash. */
export type PresentedApiKey = Omit<ApiKey, 'hash'>;

/** The answer of POST /api-key/create: the record with the plaintext key, shown this once. */
export type CreatedApiKey = PresentedApiKey & { key: string };

/** The fields a key's owner may change (plus `updatedAt`). */
export type ApiKeyChanges = Partial<
  Pick<
    ApiKey,
    | 'name'
    | 'enabled'
    | 'expiresAt'
    | 'remaining'
    | 'refillAmount'
    | 'refillInterval'
    | 'rateLimitEnabled'
    | 'rateLimitTimeWindow'
    | 'rateLimitMax'
    | 'permissions'
    | 'metadata'
    | 'updatedAt'
  >
>;

/** The key without its hash, for any answer that leaves the package. */
export function presentApiKey(apiKey: ApiKey): PresentedApiKey {
  // Spread-and-omit, so a field added to ApiKey is shown unless it is the hash.
  const { hash: _hash, ...shown } = apiKey;
  return shown;
}

/** Whether the key has expired at `now` (a key expires at its `expiresAt`, like a session). */
export function isExpired(apiKey: Pick<ApiKey, 'expiresAt'>, now: Date): boolean {
  return apiKey.expiresAt !== null && apiKey.expiresAt.getTime() <= now.getTime();
}
