import { AuthError } from '@tend/kernel';
import { RATE_LIMIT_ERRORS } from './error-codes.js';

/** What a limiter decided for one request. */
export interface RateLimitDecision {
  /** False when the caller must answer 429 TOO_MANY_REQUESTS. */
  readonly allowed: boolean;
  /** Whole seconds until the window ends when refused (at least 1); 0 when allowed. */
  readonly retryAfterSeconds: number;
  /** Requests a window allows; `Infinity` when nothing limits this request. */
  readonly limit: number;
  /** Requests still allowed in this window; `Infinity` when nothing limits this request. */
  readonly remaining: number;
}

/** The decision when no rule applies (limiter off, rule disabled, no client address). */
export const UNLIMITED: RateLimitDecision = Object.freeze({
  allowed: true,
  retryAfterSeconds: 0,
  limit: Number.POSITIVE_INFINITY,
  remaining: Number.POSITIVE_INFINITY,
});

/** Whole seconds from `nowMs` until `resetAtMs`, never below 1 (a 429 always asks to wait). */
export function secondsUntil(resetAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
}

/** The decision for a counter that now holds `count` hits of a window allowing `max`. */
export function decide(count: number, max: number, resetAtMs: number, nowMs: number): RateLimitDecision {
  const allowed = count <= max;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : secondsUntil(resetAtMs, nowMs),
    limit: max,
    remaining: Math.max(0, max - count),
  };
}

export const RETRY_AFTER_HEADER = 'Retry-After';
export const X_RETRY_AFTER_HEADER = 'X-Retry-After';

/**
 * The headers of a refused request: `Retry-After` and `X-Retry-After`, in seconds. Empty when the
 * decision allows the request.
 */
export function retryAfterHeaders(decision: Pick<RateLimitDecision, 'allowed' | 'retryAfterSeconds'>): Record<string, string> {
  if (decision.allowed) return {};
  const seconds = String(Math.max(1, Math.ceil(decision.retryAfterSeconds)));
  return { [RETRY_AFTER_HEADER]: seconds, [X_RETRY_AFTER_HEADER]: seconds };
}

/**
 * 429 TOO_MANY_REQUESTS. Still an `AuthError` (the gateway maps it to `{ code, message }` like any
 * other); it also carries the seconds the gateway puts in the retry-after headers.
 */
export class TooManyRequestsError extends AuthError {
  constructor(readonly retryAfterSeconds: number) {
    const { status, message } = RATE_LIMIT_ERRORS.TOO_MANY_REQUESTS;
    super(status, message, RATE_LIMIT_ERRORS.TOO_MANY_REQUESTS.code);
  }

  /** `Retry-After` and `X-Retry-After` for the response. */
  headers(): Record<string, string> {
    return retryAfterHeaders({ allowed: false, retryAfterSeconds: this.retryAfterSeconds });
  }
}

/** The error to answer a refused decision with. */
export function tooManyRequests(decision: Pick<RateLimitDecision, 'retryAfterSeconds'>): TooManyRequestsError {
  return new TooManyRequestsError(Math.max(1, Math.ceil(decision.retryAfterSeconds)));
}
