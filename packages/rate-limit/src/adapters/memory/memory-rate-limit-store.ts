import type { RateLimitAdmission, RateLimitHit, RateLimitStore } from '../../rate-limit-store.port.js';

export interface MemoryRateLimitStoreOptions {
  /** Clock time between two sweeps of ended windows; default 60 s. */
  sweepIntervalMs?: number;
  /**
   * Most keys kept; default 100 000. Past it the oldest windows are dropped, so a flood of
   * addresses cannot exhaust memory.
   */
  maxKeys?: number;
}

interface Entry {
  count: number;
  startMs: number;
  /** Ends of the window as the last hit saw it; only for sweeping. */
  resetAtMs: number;
}

/**
 * Counters in this process's memory. One gateway instance only: counts are not shared. Memory stays
 * bounded: ended windows are swept (driven by the hits' own time, no timer) and `maxKeys` caps the rest.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  // Map keeps insertion order; a new window re-inserts its key, so the first entries are the oldest.
  private readonly entries = new Map<string, Entry>();
  private readonly sweepIntervalMs: number;
  private readonly maxKeys: number;
  private nextSweepAtMs = Number.NEGATIVE_INFINITY;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    this.maxKeys = options.maxKeys ?? 100_000;
    if (!(this.maxKeys >= 1)) throw new RangeError('maxKeys must be at least 1');
  }

  /** Keys currently held (ended windows included until the next sweep). */
  get size(): number {
    return this.entries.size;
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit> {
    // The whole read-modify-write runs in one turn of the event loop, so it is atomic.
    if (nowMs >= this.nextSweepAtMs) this.sweep(nowMs);
    const entry = this.entries.get(key);
    if (entry && nowMs < entry.startMs + windowMs) {
      entry.count += 1;
      entry.resetAtMs = entry.startMs + windowMs;
      return { count: entry.count, resetAtMs: entry.resetAtMs };
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.makeRoom();
    this.entries.set(key, { count: 1, startMs: nowMs, resetAtMs: nowMs + windowMs });
    return { count: 1, resetAtMs: nowMs + windowMs };
  }

  async hitBelow(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitAdmission> {
    const entry = this.entries.get(key);
    if (entry && nowMs < entry.startMs + windowMs && entry.count >= limit) return { count: entry.count, resetAtMs: entry.startMs + windowMs, counted: false };
    return { ...(await this.hit(key, windowMs, nowMs)), counted: true };
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit | null> {
    const entry = this.entries.get(key);
    if (!entry || nowMs >= entry.startMs + windowMs) return null;
    return { count: entry.count, resetAtMs: entry.startMs + windowMs };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Drops every window that has ended at `nowMs`. */
  sweep(nowMs: number): void {
    this.nextSweepAtMs = nowMs + this.sweepIntervalMs;
    for (const [key, entry] of this.entries) {
      if (nowMs >= entry.resetAtMs) this.entries.delete(key);
    }
  }

  // Oldest first: the windows that started first are the likeliest to have ended already.
  private makeRoom(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
