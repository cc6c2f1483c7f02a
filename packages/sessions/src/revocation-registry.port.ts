/**
 * Where ended sessions are recorded for the cookie cache: a signed copy of a session lives in the
 * browser for the cache's max age, so every instance asks here before answering from one.
 * Marks need to outlive a cached copy only: adapters drop them after the cookie cache's max age.
 */
export interface RevocationRegistry {
  /** One session ended (sign-out, revoked): every cached copy of it is refused from now on. */
  revokeSession(token: string): Promise<void>;
  /** Every session of the user ended at `at` (revoked, banned, deleted): copies made until then are refused. */
  revokeUser(userId: string, at: Date): Promise<void>;
  /**
   * Whether a copy of the session `token` of `userId`, cached at `cachedAt`, must not be trusted.
   * True also when the registry cannot tell (its store is unreachable): the caller then asks the
   * session store, never a stale cookie. Never throws.
   */
  isRevoked(token: string, userId: string, cachedAt: Date): Promise<boolean>;
}
