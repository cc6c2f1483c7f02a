import type { RateLimitAdmission, RateLimitHit, RateLimitStore } from '../rate-limit-store.port.js';

/** A store that works like the one it wraps until told to fail; for tests of failover. */
export class FlakyRateLimitStore implements RateLimitStore {
  private failure: Error | null = null;
  /** Calls that reached the wrapped store or failed, in order. */
  readonly calls: Array<'ok' | 'failed'> = [];

  constructor(private readonly inner: RateLimitStore) {}

  /** Every call fails with `error` until `recover()`. */
  fail(error: Error = new Error('connect ECONNREFUSED 127.0.0.1:6379')): void {
    this.failure = error;
  }

  recover(): void {
    this.failure = null;
  }

  hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit> {
    return this.call(() => this.inner.hit(key, windowMs, nowMs));
  }

  peek(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit | null> {
    return this.call(() => this.inner.peek(key, windowMs, nowMs));
  }

  hitBelow(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitAdmission> {
    return this.call(() => this.inner.hitBelow(key, limit, windowMs, nowMs));
  }

  reset(key: string): Promise<void> {
    return this.call(() => this.inner.reset(key));
  }

  private async call<T>(operation: () => Promise<T>): Promise<T> {
    if (this.failure) {
      this.calls.push('failed');
      throw this.failure;
    }
    this.calls.push('ok');
    return operation();
  }
}
