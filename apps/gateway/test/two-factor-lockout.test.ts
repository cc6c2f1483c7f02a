// Issue 29, "no per-account limit on second-factor guesses": 100 wrong app codes spread over 10
// pending sign-ins (each allows 10) were all answered 401, and the right code then signed in. Now
// the 10th wrong answer locks the account's second step: 429 ACCOUNT_TEMPORARILY_LOCKED with
// Retry-After, no session, the right code included, for 15 minutes, then longer after each further
// wrong answer; the person is mailed, the audit log records it, an administrator can clear it.
// It holds with AUTH_RATE_LIMIT off (the tests' default) and across instances sharing Redis.
import { FallbackRateLimitStore } from '@tend/rate-limit';
import { TOKENS } from '../src/tokens.js';
import {
  adminPost,
  connectTestRedis,
  deleteKeys,
  auditLog,
  CookieJar,
  getSession,
  outboxOf,
  post,
  setCookieNamed,
  signInAdmin,
  signUp,
  startGateway,
  startInstances,
  testRedisUrl,
  turnOnTwoFactor,
  type Instances,
  type TestGateway,
} from './harness/index.js';

const LOCKED = { code: 'ACCOUNT_TEMPORARILY_LOCKED', message: 'Account temporarily locked' };
const SESSION_COOKIE = 'tend.session_token';
const MINUTE = 60_000;

/** A user with two-factor on, and a way to open pending sign-ins (password first steps) on a gateway. */
async function enrolled(on: TestGateway) {
  const { body, cookie, user } = await signUp(on);
  const enrolment = await turnOnTwoFactor(on, cookie, body.password);
  const challenge = async (gateway = on) => new CookieJar().store(await post(gateway, '/sign-in/email', '', { email: body.email, password: body.password }).expect(200));
  return { ...body, ...enrolment, userId: user.id as string, challenge };
}

const answer = (gateway: TestGateway, browser: CookieJar, code: string) => post(gateway, '/two-factor/verify-totp', browser, { code });

describe('the per-account limit on wrong second-factor answers', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
    // The tests' default: the generic per-client limits are off; the lockout must not be.
    expect(gateway.container.get(TOKENS.Config).rateLimit.enabled).toBe(false);
  });
  afterAll(() => gateway.close());

  it('100 wrong codes over 10 pending sign-ins: 10 are answered 401, the other 90 and then the right code 429 with Retry-After, no session', async () => {
    const user = await enrolled(gateway);
    const browsers = [];
    for (let i = 0; i < 10; i += 1) browsers.push(await user.challenge());
    const statuses: number[] = [];
    for (const browser of browsers) {
      for (let i = 0; i < 10; i += 1) statuses.push((await answer(gateway, browser, user.wrongCode())).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(90).fill(429));

    const right = await answer(gateway, browsers[1]!, user.code());
    expect({ status: right.status, code: right.body.code, message: right.body.message }).toEqual({ status: 429, ...LOCKED });
    expect(right.headers['retry-after']).toBe('900');
    expect(setCookieNamed(right, SESSION_COOKIE)).toBeUndefined();
    expect((await getSession(gateway, browsers[1]!)).body).toBeNull();
    // Every way of answering is locked, and a new sign-in does not start over.
    expect((await post(gateway, '/two-factor/verify-backup-code', browsers[2]!, { code: user.backupCodes[0] })).status).toBe(429);
    expect((await answer(gateway, await user.challenge(), user.code())).status).toBe(429);

    gateway.clock.advance(5 * MINUTE);
    expect((await answer(gateway, await user.challenge(), user.code())).headers['retry-after']).toBe('600');
    gateway.clock.advance(10 * MINUTE);
    const done = await answer(gateway, await user.challenge(), user.code()).expect(200);
    expect(setCookieNamed(done, SESSION_COOKIE)).toMatch(/tend\.session_token=[^;]/);
  });

  it('mails the person once, records the lock in the audit log, and ramps up: after the lock, one wrong answer locks for 30 minutes', async () => {
    const user = await enrolled(gateway);
    for (let i = 0; i < 10; i += 1) await answer(gateway, await user.challenge(), user.wrongCode()).expect(401);
    const mails = (await outboxOf(gateway, user.email)).filter((mail) => mail.purpose === 'two-factor-locked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Sign-in to your Tend account is paused');
    expect(mails[0]!.text).toContain('10 wrong two-factor codes');
    expect(mails[0]!.text).toContain('/account/security');

    gateway.clock.advance(15 * MINUTE);
    await answer(gateway, await user.challenge(), user.wrongCode()).expect(401);
    const next = await answer(gateway, await user.challenge(), user.code());
    expect({ status: next.status, code: next.body.code, retryAfter: next.headers['retry-after'] }).toEqual({ status: 429, code: LOCKED.code, retryAfter: '1800' });
    expect((await outboxOf(gateway, user.email)).filter((mail) => mail.purpose === 'two-factor-locked')).toHaveLength(1);

    const admin = await signInAdmin(gateway);
    const { events } = await auditLog(gateway, admin.cookie, { userId: user.userId, action: 'two-factor.locked', limit: 100 });
    expect(events.map((event) => event.detail)).toEqual([
      expect.objectContaining({ wrongAnswers: 11, lockedForSeconds: 1800 }),
      expect.objectContaining({ wrongAnswers: 10, lockedForSeconds: 900 }),
    ]);
    expect(events[0]!.ipAddress).toBeTruthy();
  });

  it('a right answer forgets the wrong ones', async () => {
    const user = await enrolled(gateway);
    for (let i = 0; i < 9; i += 1) await answer(gateway, await user.challenge(), user.wrongCode()).expect(401);
    await answer(gateway, await user.challenge(), user.code()).expect(200);
    gateway.clock.advance(30_000);
    for (let i = 0; i < 9; i += 1) await answer(gateway, await user.challenge(), user.wrongCode()).expect(401);
    await answer(gateway, await user.challenge(), user.code()).expect(200);
  });

  it('parallel answers over 30 pending sign-ins get 10 checked, the rest 429', async () => {
    const user = await enrolled(gateway);
    const browsers = await Promise.all(Array.from({ length: 30 }, () => user.challenge()));
    const statuses = (await Promise.all(browsers.map((browser) => answer(gateway, browser, user.wrongCode())))).map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  describe('POST /admin/clear-two-factor-lockout', () => {
    it('admins only (403 YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD), 404 USER_NOT_FOUND; clears the lock at once, audited', async () => {
      const user = await enrolled(gateway);
      for (let i = 0; i < 10; i += 1) await answer(gateway, await user.challenge(), user.wrongCode()).expect(401);
      const browser = await user.challenge();
      expect((await answer(gateway, browser, user.code())).status).toBe(429);

      const outsider = await signUp(gateway);
      const denied = await adminPost(gateway, 'clear-two-factor-lockout', outsider.cookie, { userId: user.userId });
      expect({ status: denied.status, code: denied.body.code }).toEqual({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD' });
      expect((await adminPost(gateway, 'clear-two-factor-lockout', '', { userId: user.userId })).status).toBe(401);
      const admin = await signInAdmin(gateway);
      const missing = await adminPost(gateway, 'clear-two-factor-lockout', admin.cookie, { userId: 'no-such-user' });
      expect({ status: missing.status, code: missing.body.code, message: missing.body.message }).toEqual({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });

      expect((await adminPost(gateway, 'clear-two-factor-lockout', admin.cookie, { userId: user.userId }).expect(200)).body).toEqual({ status: true, wasLocked: true });
      await answer(gateway, browser, user.code()).expect(200);
      // The audit log is newest first: the second clearing a second later.
      gateway.clock.advance(1000);
      expect((await adminPost(gateway, 'clear-two-factor-lockout', admin.cookie, { userId: user.userId }).expect(200)).body).toEqual({ status: true, wasLocked: false });

      const { events } = await auditLog(gateway, admin.cookie, { userId: user.userId, action: 'two-factor.lockout-cleared', limit: 10 });
      expect(events.map((event) => ({ actorId: event.actorId, detail: event.detail }))).toEqual([
        { actorId: expect.any(String), detail: { wasLocked: false } },
        { actorId: expect.any(String), detail: { wasLocked: true } },
      ]);
    });

    it("an administrator's reset of two-factor lifts the lockout too", async () => {
      const user = await enrolled(gateway);
      for (let i = 0; i < 10; i += 1) await answer(gateway, await user.challenge(), user.wrongCode()).expect(401);
      const admin = await signInAdmin(gateway);
      await adminPost(gateway, 'reset-two-factor', admin.cookie, { userId: user.userId }).expect(200);
      expect((await gateway.container.get(TOKENS.RateLimitStore).peek(`two-factor-answers|${user.userId}`, 7 * 24 * 60 * MINUTE, gateway.clock.now().getTime()))).toBeNull();
    });
  });
});

describe('the per-account limit behind two instances sharing Redis', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ config: { rateLimit: { enabled: false, storage: 'redis', redisUrl: testRedisUrl, window: 10, max: 100, failedSignInMax: 10, failedSignInWindow: 900 } } });
    // Each instance's rate-limit store reaches Redis (not its in-process fallback) before the test.
    for (const instance of [instances.a, instances.b]) {
      const store = instance.container.get(TOKENS.RateLimitStore);
      expect(store).toBeInstanceOf(FallbackRateLimitStore);
      for (let attempt = 0; attempt < 50; attempt += 1) {
        await store.peek('warm-up', 1000, instances.clock.now().getTime());
        if (!(store as FallbackRateLimitStore).usingFallback) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
        instances.clock.advance(5_001);
      }
      expect((store as FallbackRateLimitStore).usingFallback).toBe(false);
    }
  });
  const users: string[] = [];
  afterAll(async () => {
    await instances.close();
    // The lockout's keys live in the rate-limit prefix (7 days): this run's go with it.
    const redis = await connectTestRedis();
    for (const userId of users) for (const kind of ['answers', 'lock']) await deleteKeys(redis, `tend:rate-limit:two-factor-${kind}|${userId}`);
    await redis.quit();
  });

  it('wrong answers on A and on B count together: after 5 on each, both refuse the right code', async () => {
    const { a, b } = instances;
    const user = await enrolled(a);
    users.push(user.userId);
    for (let i = 0; i < 5; i += 1) await answer(a, await user.challenge(a), user.wrongCode()).expect(401);
    for (let i = 0; i < 5; i += 1) await answer(b, await user.challenge(b), user.wrongCode()).expect(401);
    for (const instance of [a, b]) {
      const res = await answer(instance, await user.challenge(instance), user.code());
      expect({ status: res.status, code: res.body.code, retryAfter: res.headers['retry-after'] }).toEqual({ status: 429, code: LOCKED.code, retryAfter: '900' });
    }
    // Cleared on A, answered on B.
    const admin = await signInAdmin(a);
    await adminPost(a, 'clear-two-factor-lockout', admin.cookie, { userId: user.userId }).expect(200);
    await answer(b, await user.challenge(b), user.code()).expect(200);
  });
});
