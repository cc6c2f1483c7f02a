import type { SessionWithUser } from './session-store.port.js';

/**
 * A shared cache of session lookups in front of the session store (the database stays the source
 * of truth). Adapters never throw: an unreachable cache answers misses and drops writes, and
 * makes sure nothing it may have missed is answered once it is back.
 */
export interface SessionCache {
  /** The cached lookup of `token`, or null (not cached, invalidated, or the cache cannot answer). */
  get(token: string): Promise<SessionWithUser | null>;
  /**
   * Caches a lookup of the store until the session expires (at most the cache's own limit). A fill
   * right after an invalidation of the token or its user is dropped: the lookup may have read the
   * row before the write that invalidated it.
   */
  fill(token: string, found: SessionWithUser): Promise<void>;
  /** The session of `token` changed or ended. */
  invalidateToken(token: string): Promise<void>;
  /** The user, or any of their sessions, changed or ended. */
  invalidateUser(userId: string): Promise<void>;
  /** Sessions changed that cannot be named one by one (an organization deleted): forget everything. */
  invalidateAll(): Promise<void>;
}

export interface SessionCacheLimits {
  /** The longest a lookup stays cached, in ms (default one hour). */
  maxTtlMs?: number;
  /** How long after an invalidation fills are dropped, in ms (default 30 s). */
  tombstoneMs?: number;
}

export const DEFAULT_SESSION_CACHE_LIMITS: Required<SessionCacheLimits> = { maxTtlMs: 3_600_000, tombstoneMs: 30_000 };
