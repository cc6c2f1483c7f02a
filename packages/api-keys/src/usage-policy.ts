import type { ApiKey } from './api-key.js';

/** The switches that apply to every key at once. */
export interface UsageSettings {
  /** Off: no key is rate limited, whatever its own settings. */
  rateLimitEnabled: boolean;
}

/** The counters one successful use writes. */
export type UsageChanges = Pick<ApiKey, 'remaining' | 'lastRefillAt' | 'requestCount' | 'lastRequest'>;

export type UsageDecision =
  | { allowed: true; changes: UsageChanges }
  | { allowed: false; reason: 'usage-exceeded' }
  | { allowed: false; reason: 'rate-limited'; retryAfterMs: number };

type UsageState = Pick<
  ApiKey,
  | 'remaining'
  | 'refillAmount'
  | 'refillInterval'
  | 'lastRefillAt'
  | 'createdAt'
  | 'rateLimitEnabled'
  | 'rateLimitTimeWindow'
  | 'rateLimitMax'
  | 'requestCount'
  | 'lastRequest'
>;

/**
 * Whether one more use of a (usable: enabled, unexpired) key is allowed at `now`, and the
 * counters it leaves. The rules, which the Prisma adapter's single UPDATE statement mirrors
 * line for line (the contract tests hold the two together):
 *
 * - Refill: when `refillAmount` and `refillInterval` are set and `refillInterval` ms have
 *   passed since the last refill (or creation), `remaining` is topped up to `refillAmount`
 *   (never lowered) and `lastRefillAt` becomes `now`.
 * - Budget: a key with `remaining` 0 (after any refill) is refused; null is unlimited.
 * - Rate limit: windows of `rateLimitTimeWindow` ms aligned to the epoch, so one row needs no
 *   window-start column: `requestCount` counts the uses in the window of `lastRequest` and
 *   restarts in a new window. At `rateLimitMax` uses a key is refused until its window ends.
 *   Without a window, `requestCount` counts every use.
 *
 * A refused use changes nothing: it spends no budget and is not a "last used".
 */
export function decideUsage(key: UsageState, now: Date, settings: UsageSettings): UsageDecision {
  const at = now.getTime();
  const refillDue =
    key.refillAmount !== null &&
    key.refillInterval !== null &&
    key.refillInterval > 0 &&
    at - (key.lastRefillAt ?? key.createdAt).getTime() >= key.refillInterval;
  const remaining = key.remaining === null ? null : refillDue ? Math.max(key.remaining, key.refillAmount!) : key.remaining;
  if (remaining !== null && remaining <= 0) return { allowed: false, reason: 'usage-exceeded' };

  const window = key.rateLimitTimeWindow !== null && key.rateLimitTimeWindow > 0 ? key.rateLimitTimeWindow : null;
  const windowEnded = window !== null && (key.lastRequest === null || windowOf(key.lastRequest.getTime(), window) !== windowOf(at, window));
  const requestCount = windowEnded ? 0 : key.requestCount;
  const limited = settings.rateLimitEnabled && key.rateLimitEnabled && window !== null && key.rateLimitMax !== null;
  if (limited && requestCount >= key.rateLimitMax!) {
    return { allowed: false, reason: 'rate-limited', retryAfterMs: (windowOf(at, window) + 1) * window - at };
  }

  return {
    allowed: true,
    changes: {
      remaining: remaining === null ? null : remaining - 1,
      lastRefillAt: refillDue ? now : key.lastRefillAt,
      requestCount: requestCount + 1,
      lastRequest: now,
    },
  };
}

/** The number of the `window`-ms window that `ms` (since the epoch) falls in. */
function windowOf(ms: number, window: number): number {
  return Math.floor(ms / window);
}
