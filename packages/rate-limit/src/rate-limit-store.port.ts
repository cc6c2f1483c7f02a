/** The state of one counter after a hit: how many hits its window holds, and when the window ends. */
export interface RateLimitHit {
  /** Hits counted in the current window, this one included (1 for the first hit of a window). */
  readonly count: number;
  /** When the current window ends, in milliseconds since the epoch. */
  readonly resetAtMs: number;
}

/** A hit that may have been refused: `count` and `resetAtMs` describe the window after the call. */
export interface RateLimitAdmission extends RateLimitHit {
  /** Whether this call was counted (the window held fewer than the limit). */
  readonly counted: boolean;
}

/**
 * Where counters live: memory, the database or Redis. Fixed windows: the first hit of a key
 * (or the first hit at or after the end of its window) starts a window at `nowMs`, which ends
 * `windowMs` later; every hit inside it adds one. Stores keep the window start and the count.
 * Time is always the caller's `nowMs` (its Clock), never the store's own, so every adapter
 * behaves the same and tests can move time; a store's own expiry (Redis TTL) only frees memory.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key`, atomically: concurrent hits on one key each see a different count
   * (two never both see 1).
   */
  hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit>;
  /**
   * The current window of `key` (windows of `windowMs`) without counting, or null when it has none
   * or it has ended.
   */
  peek(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit | null>;
  /**
   * Counts one hit on `key` unless its current window holds `limit` hits already, atomically: of
   * concurrent calls, exactly `limit` minus the count are counted. A refused call counts nothing
   * (`counted: false`) and answers the window as it is. A per-account admission (a turn to answer)
   * uses it, so refused attempts never inflate the count.
   */
  hitBelow(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitAdmission>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}
