import { decideUsage } from './usage-policy.js';

const t0 = new Date(Date.UTC(2026, 0, 1));
const at = (ms: number) => new Date(t0.getTime() + ms);
const state = {
  remaining: null,
  refillAmount: null,
  refillInterval: null,
  lastRefillAt: null,
  createdAt: t0,
  rateLimitEnabled: true,
  rateLimitTimeWindow: 60_000,
  rateLimitMax: 2,
  requestCount: 0,
  lastRequest: null,
};
const on = { rateLimitEnabled: true };

describe('decideUsage', () => {
  it('tells how long until the window ends when the rate limit is reached', () => {
    const decision = decideUsage({ ...state, requestCount: 2, lastRequest: at(5_000) }, at(20_000), on);
    expect(decision).toEqual({ allowed: false, reason: 'rate-limited', retryAfterMs: 40_000 });
  });

  it('counts afresh in a new window', () => {
    const decision = decideUsage({ ...state, requestCount: 2, lastRequest: at(59_999) }, at(60_000), on);
    expect(decision).toMatchObject({ allowed: true, changes: { requestCount: 1, lastRequest: at(60_000) } });
  });

  it('refuses a spent budget before looking at the rate limit', () => {
    expect(decideUsage({ ...state, remaining: 0, requestCount: 2, lastRequest: t0 }, t0, on)).toEqual({ allowed: false, reason: 'usage-exceeded' });
  });
});
