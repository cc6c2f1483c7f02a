import type { ApiKey, ApiKeyChanges } from './api-key.js';
import type { UsageSettings } from './usage-policy.js';

/** Where API keys live. Keys belong to a user and go with them (cascade). */
export interface ApiKeyRepository {
  /** Stores a new key; a hash already stored, or an unknown user, is refused (rejects). */
  create(apiKey: ApiKey): Promise<ApiKey>;
  findById(id: string): Promise<ApiKey | null>;
  /** The key of this hash: one indexed lookup on the unique `key` column. */
  findByHash(hash: string): Promise<ApiKey | null>;
  /** The user's keys, oldest first. */
  listByUser(userId: string): Promise<ApiKey[]>;
  /** Changes a key (the caller stamps `updatedAt`); null when it no longer exists. */
  update(id: string, changes: ApiKeyChanges & { updatedAt: Date }): Promise<ApiKey | null>;
  /** Deletes a key; false when there was none. */
  delete(id: string): Promise<boolean>;
  /**
   * Spends one use of the key of `hash` at `now`, atomically: only if it is enabled, not
   * expired at `now`, and `decideUsage` allows it, in which case its counters become the
   * decision's and the updated key is answered. Otherwise nothing changes and the answer is
   * null. Of parallel calls, exactly as many succeed as the budget and rate limit allow.
   */
  spend(hash: string, now: Date, settings: UsageSettings): Promise<ApiKey | null>;
}
