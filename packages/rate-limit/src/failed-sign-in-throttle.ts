import { sha256Hex, type Clock } from '@tend/kernel';
import { secondsUntil, tooManyRequests, UNLIMITED, type RateLimitDecision } from './decision.js';
import type { RateLimitStore } from './rate-limit-store.port.js';
import { validateRule } from './rules.js';

export interface FailedSignInThrottleConfig {
  /** Default true. */
  readonly enabled?: boolean;
  /** Failed password sign-ins allowed per identifier in one window; default 10. */
  readonly maxFailures?: number;
  /** Seconds of the window, which starts at the first failure; default 900 (15 minutes). */
  readonly window?: number;
}

export const DEFAULT_FAILED_SIGN_IN_MAX = 10;
export const DEFAULT_FAILED_SIGN_IN_WINDOW = 15 * 60;

/**
 * The per-account throttle of password sign-ins, beside the per-address limit: after `maxFailures`
 * failures for one identifier (email or username, case-insensitive) within the window, further
 * attempts for it are refused with 429 until the window ends; a success clears the count.
 * Counted whether or not an account has that identifier, so the answer never tells which exist.
 * Identifiers are stored hashed.
 *
 * Use: `assertAllowed` before checking the password, then `recordFailure` or `recordSuccess`.
 */
export class FailedSignInThrottle {
  private readonly enabled: boolean;
  private readonly max: number;
  private readonly windowMs: number;

  constructor(
    config: FailedSignInThrottleConfig,
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {
    const rule = validateRule(
      { window: config.window ?? DEFAULT_FAILED_SIGN_IN_WINDOW, max: config.maxFailures ?? DEFAULT_FAILED_SIGN_IN_MAX },
      'failed sign-in throttle',
    );
    this.enabled = config.enabled ?? true;
    this.max = rule.max;
    this.windowMs = rule.window * 1000;
  }

  /** Whether an attempt for `identifier` may go on now; counts nothing. */
  async check(identifier: string): Promise<RateLimitDecision> {
    if (!this.enabled) return UNLIMITED;
    const nowMs = this.clock.now().getTime();
    const current = await this.store.peek(keyOf(identifier), this.windowMs, nowMs);
    const failures = current?.count ?? 0;
    if (current === null || failures < this.max) {
      return { allowed: true, retryAfterSeconds: 0, limit: this.max, remaining: this.max - failures };
    }
    return { allowed: false, retryAfterSeconds: secondsUntil(current.resetAtMs, nowMs), limit: this.max, remaining: 0 };
  }

  /** Throws 429 TOO_MANY_REQUESTS (a `TooManyRequestsError`) when `identifier` is throttled. */
  async assertAllowed(identifier: string): Promise<void> {
    const decision = await this.check(identifier);
    if (!decision.allowed) throw tooManyRequests(decision);
  }

  /**
   * Counts a failed attempt (wrong password, unknown identifier alike). The decision says whether
   * the next attempt is allowed; this failed attempt itself still answers as a failure.
   */
  async recordFailure(identifier: string): Promise<RateLimitDecision> {
    if (!this.enabled) return UNLIMITED;
    const nowMs = this.clock.now().getTime();
    const { count, resetAtMs } = await this.store.hit(keyOf(identifier), this.windowMs, nowMs);
    const allowed = count < this.max;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : secondsUntil(resetAtMs, nowMs),
      limit: this.max,
      remaining: Math.max(0, this.max - count),
    };
  }

  /** Clears the failures of `identifier` after a successful sign-in. */
  async recordSuccess(identifier: string): Promise<void> {
    if (!this.enabled) return;
    await this.store.reset(keyOf(identifier));
  }
}

/** One key per identifier however it is typed; hashed, so the store holds no e-mail addresses. */
function keyOf(identifier: string): string {
  return `sign-in-failures|${sha256Hex(identifier.trim().toLowerCase())}`;
}
