import { isAuthError, ManualClock, MINUTE } from '@tend/kernel';
import { MemoryRateLimitStore } from './adapters/memory/index.js';
import { TooManyRequestsError } from './decision.js';
import { FailedSignInThrottle, type FailedSignInThrottleConfig } from './failed-sign-in-throttle.js';

function throttle(config: FailedSignInThrottleConfig = {}) {
  const clock = new ManualClock();
  const store = new MemoryRateLimitStore();
  return { clock, store, throttle: new FailedSignInThrottle(config, store, clock) };
}

/** What a sign-in use case does: ask first, then record the outcome of the password check. */
async function attempt(subject: FailedSignInThrottle, identifier: string, passwordIsRight: boolean): Promise<number> {
  try {
    await subject.assertAllowed(identifier);
  } catch (error) {
    if (isAuthError(error)) return error.status;
    throw error;
  }
  if (passwordIsRight) {
    await subject.recordSuccess(identifier);
    return 200;
  }
  await subject.recordFailure(identifier);
  return 401;
}

describe('FailedSignInThrottle', () => {
  it.each([
    ['an existing account', 'ada@example.com'],
    ['an identifier no account has', 'nobody-here@example.com'],
  ])('answers 429 after 10 failures in 15 minutes for %s', async (_, identifier) => {
    const { throttle: subject, clock } = throttle();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(await attempt(subject, identifier, false));
      clock.advance(MINUTE);
    }
    statuses.push(await attempt(subject, identifier, false), await attempt(subject, identifier, true));
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('says how long to wait, counted from the first failure', async () => {
    const { throttle: subject, clock } = throttle();
    for (let i = 0; i < 10; i += 1) await subject.recordFailure('ada@example.com');
    clock.advance(5 * MINUTE);
    expect(await subject.check('ada@example.com')).toEqual({ allowed: false, retryAfterSeconds: 600, limit: 10, remaining: 0 });
    const error = await subject.assertAllowed('ada@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 600 });
  });

  it('treats an identifier the same however it is cased or padded', async () => {
    const { throttle: subject } = throttle({ maxFailures: 2 });
    await subject.recordFailure('Ada@Example.com');
    await subject.recordFailure('  ada@example.COM ');
    expect((await subject.check('ada@example.com')).allowed).toBe(false);
    expect((await subject.check('grace@example.com')).allowed).toBe(true);
  });

  it('forgets the failures on a successful sign-in', async () => {
    const { throttle: subject } = throttle();
    for (let i = 0; i < 9; i += 1) await subject.recordFailure('ada');
    expect(await subject.check('ada')).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 10, remaining: 1 });
    await subject.recordSuccess('ada');
    expect(await subject.check('ada')).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 10, remaining: 10 });
    for (let i = 0; i < 9; i += 1) await subject.recordFailure('ada');
    expect((await subject.check('ada')).allowed).toBe(true);
  });

  it('allows again once the window has passed', async () => {
    const { throttle: subject, clock } = throttle();
    for (let i = 0; i < 10; i += 1) await subject.recordFailure('ada');
    clock.advance(15 * MINUTE - 1);
    expect((await subject.check('ada')).allowed).toBe(false);
    clock.advance(1);
    expect((await subject.check('ada')).allowed).toBe(true);
    expect(await attempt(subject, 'ada', false)).toBe(401);
    expect(await subject.check('ada')).toMatchObject({ allowed: true, remaining: 9 });
  });

  it('reports from the failure that reaches the limit that the next attempt is refused', async () => {
    const { throttle: subject } = throttle({ maxFailures: 3, window: 60 });
    expect(await subject.recordFailure('ada')).toEqual({ allowed: true, retryAfterSeconds: 0, limit: 3, remaining: 2 });
    await subject.recordFailure('ada');
    expect(await subject.recordFailure('ada')).toEqual({ allowed: false, retryAfterSeconds: 60, limit: 3, remaining: 0 });
  });

  it('takes its limit and window from configuration', async () => {
    const { throttle: subject, clock } = throttle({ maxFailures: 3, window: 60 });
    for (let i = 0; i < 3; i += 1) expect(await attempt(subject, 'ada', false)).toBe(401);
    expect(await attempt(subject, 'ada', false)).toBe(429);
    clock.advance(60_000);
    expect(await attempt(subject, 'ada', true)).toBe(200);
  });

  it('does nothing when disabled', async () => {
    const { throttle: subject, store } = throttle({ enabled: false });
    for (let i = 0; i < 20; i += 1) expect(await attempt(subject, 'ada', false)).toBe(401);
    expect(store.size).toBe(0);
  });

  it('keeps no identifier in clear in the store', async () => {
    const { throttle: subject, store } = throttle();
    const keys: string[] = [];
    const hit = store.hit.bind(store);
    store.hit = (key, windowMs, nowMs) => {
      keys.push(key);
      return hit(key, windowMs, nowMs);
    };
    await subject.recordFailure('ada@example.com');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('ada');
    expect(keys[0]).toMatch(/^sign-in-failures\|[0-9a-f]{64}$/);
  });

  it('refuses a nonsense configuration', () => {
    expect(() => throttle({ maxFailures: -1 })).toThrow(RangeError);
    expect(() => throttle({ window: 0 })).toThrow(RangeError);
  });
});
