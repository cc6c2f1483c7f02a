import type { Clock, Logger } from '@tend/kernel';
import { MemoryRateLimitStore } from './adapters/memory/memory-rate-limit-store.js';
import type { RateLimitAdmission, RateLimitHit, RateLimitStore } from './rate-limit-store.port.js';

export interface FallbackRateLimitStoreOptions {
  /** The shared store (Redis); its failures switch to `fallback`. */
  readonly primary: RateLimitStore;
  /** Serves while the primary is down; default a new `MemoryRateLimitStore`. */
  readonly fallback?: RateLimitStore;
  readonly logger: Logger;
  readonly clock: Clock;
  /** While on the fallback, the primary is tried again at most this often; default 5 s. */
  readonly probeIntervalMs?: number;
  /**
   * A primary that has not answered within this long counts as failed; default 500 ms. Measured so
   * that an event-loop stall is not taken for a slow primary: an answer that arrived meanwhile is
   * read before the deadline is declared missed.
   */
  readonly timeoutMs?: number;
  /** Names the primary in log lines; default `primary`. */
  readonly name?: string;
}

/**
 * A store that keeps limiting when the shared one is down: a failing primary (connection refused,
 * timeout, any error) switches to an in-process fallback with one warning, one request probes the
 * primary again every `probeIntervalMs`, and the first answer switches back with one info line.
 * A primary that hangs fails after `timeoutMs`.
 * Counts made on the fallback are per instance and are not carried back.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private readonly primary: RateLimitStore;
  private readonly fallback: RateLimitStore;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly probeIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly name: string;
  private degraded = false;
  private nextProbeAtMs = 0;

  constructor(options: FallbackRateLimitStoreOptions) {
    this.primary = options.primary;
    this.fallback = options.fallback ?? new MemoryRateLimitStore();
    this.logger = options.logger;
    this.clock = options.clock;
    this.probeIntervalMs = options.probeIntervalMs ?? 5000;
    this.timeoutMs = options.timeoutMs ?? 500;
    this.name = options.name ?? 'primary';
  }

  /** True while requests are served by the fallback. */
  get usingFallback(): boolean {
    return this.degraded;
  }

  hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit> {
    return this.run((store) => store.hit(key, windowMs, nowMs));
  }

  peek(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit | null> {
    return this.run((store) => store.peek(key, windowMs, nowMs));
  }

  hitBelow(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitAdmission> {
    return this.run((store) => store.hitBelow(key, limit, windowMs, nowMs));
  }

  reset(key: string): Promise<void> {
    return this.run((store) => store.reset(key));
  }

  private async run<T>(operation: (store: RateLimitStore) => Promise<T>): Promise<T> {
    const nowMs = this.clock.now().getTime();
    if (this.degraded) {
      if (nowMs < this.nextProbeAtMs) return operation(this.fallback);
      // This request probes; the others keep to the fallback until the next interval.
      this.nextProbeAtMs = nowMs + this.probeIntervalMs;
    }
    let result: T;
    try {
      result = await withinMs(operation(this.primary), this.timeoutMs);
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.nextProbeAtMs = nowMs + this.probeIntervalMs;
        this.logger.warn(`Rate limit store ${this.name} failed; limiting from memory until it answers again`, {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return operation(this.fallback);
    }
    if (this.degraded) {
      this.degraded = false;
      this.logger.info(`Rate limit store ${this.name} answers again; limiting from it`);
    }
    return result;
  }
}

/**
 * `promise`, or a rejection if it has not settled `ms` after the call. When the timer fires, the
 * verdict waits for `setImmediate`: the event loop's poll phase runs in between, so an answer that
 * arrived while the loop was blocked (a long synchronous task, a GC pause) is read first and wins.
 */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => setImmediate(() => settle(() => reject(new Error(`no answer within ${ms} ms`)))), ms);
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
