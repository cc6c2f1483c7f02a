import type { Clock } from '@tend/kernel';
import { MemoryRateLimitStore } from './adapters/memory/memory-rate-limit-store.js';
import type { RateLimitLogger } from './logger.port.js';
import type { RateLimitHit, RateLimitStore } from './rate-limit-store.port.js';

export interface FallbackRateLimitStoreOptions {
  /** The shared store (Redis); its failures switch to `fallback`. */
  readonly primary: RateLimitStore;
  /** Serves while the primary is down; default a new `MemoryRateLimitStore`. */
  readonly fallback?: RateLimitStore;
  readonly logger: RateLimitLogger;
  readonly clock: Clock;
  /** While on the fallback, the primary is tried again at most this often; default 5 s. */
  readonly probeIntervalMs?: number;
  /** Names the primary in log lines; default `primary`. */
  readonly name?: string;
}

/**
 * A store that keeps limiting when the shared one is down: a failing primary (connection refused,
 * timeout, any error) switches to an in-process fallback with one warning, one request probes the
 * primary again every `probeIntervalMs`, and the first answer switches back with one info line.
 * Counts made on the fallback are per instance and are not carried back.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private readonly primary: RateLimitStore;
  private readonly fallback: RateLimitStore;
  private readonly logger: RateLimitLogger;
  private readonly clock: Clock;
  private readonly probeIntervalMs: number;
  private readonly name: string;
  private degraded = false;
  private nextProbeAtMs = 0;

  constructor(options: FallbackRateLimitStoreOptions) {
    this.primary = options.primary;
    this.fallback = options.fallback ?? new MemoryRateLimitStore();
    this.logger = options.logger;
    this.clock = options.clock;
    this.probeIntervalMs = options.probeIntervalMs ?? 5000;
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
      result = await operation(this.primary);
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
