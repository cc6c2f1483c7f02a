// The second factor over HTTP (issue 22): enrolment, the sign-in challenge and its answers
// (authenticator code, mailed code, backup code), trusted devices, turning it off and the
// administrator's reset — every status, code and message of the /two-factor/* routes.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { IDENTITY_ERRORS } from '@tend/identity';
import { TWO_FACTOR_ERRORS, stepAt, totpAt } from '@tend/two-factor';
import { PLATFORM } from '../src/platform.js';
import { adminPost, auditLog, CookieJar, expectError, get, getSession, post, setCookieNamed, signInAdmin, signUp, startGateway, type TestGateway } from './harness/index.js';

const CHALLENGE_COOKIE = 'tend.two_factor';
const TRUST_COOKIE = 'tend.trust_device';
const SESSION_COOKIE = 'tend.session_token';
const CHALLENGE = { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp', 'backup-code'] };
const INVALID_PASSWORD = { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' };
const UNAUTHORIZED = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

/** A signed-up user with two-factor on: its browser, password, secret and backup codes. */
async function enrolled() {
  const { body, cookie, user } = await signUp(gateway);
  const browser = new CookieJar(cookie);
  const enabled = await post(gateway, '/two-factor/enable', browser, { password: body.password }).expect(200);
  const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
  const code = (offset = 0) => totpAt(secret, stepAt(gateway.clock.now()) + offset);
  await post(gateway, '/two-factor/verify-totp', browser, { code: code() }).expect(200);
  // The next code of the same step would be a replay: move on a step for what follows.
  gateway.clock.advance(30_000);
  return { ...body, userId: user.id as string, browser, secret, code, backupCodes: enabled.body.backupCodes as string[], totpURI: enabled.body.totpURI as string };
}

/** A password sign-in in a new browser (or `browser`): the challenge. */
async function signInChallenged(email: string, password: string, browser = new CookieJar()) {
  const res = await post(gateway, '/sign-in/email', browser, { email, password }).expect(200);
  browser.store(res);
  return { res, browser };
}

async function mailedCode(email: string): Promise<string> {
  await gateway.container.get(PLATFORM.MailDelivery).idle();
  return gateway.container.get(PLATFORM.DevOutbox)!.latest(email)!.text.match(/\b\d{6}\b/)![0];
}

describe('POST /two-factor/enable', () => {
  it('needs a session, a password, the right password', async () => {
    expectError(await post(gateway, '/two-factor/enable', '', { password: 'x' }), UNAUTHORIZED);
    const { body, cookie } = await signUp(gateway);
    expect((await post(gateway, '/two-factor/enable', cookie, {})).status).toBe(400);
    expectError(await post(gateway, '/two-factor/enable', cookie, { password: 'not the password' }), INVALID_PASSWORD);
    void body;
  });

  it('answers an otpauth URI (≥128-bit base32 secret, the issuer of the body winning) and 10 distinct backup codes; still off until a valid code', async () => {
    const { body, cookie } = await signUp(gateway);
    const res = await post(gateway, '/two-factor/enable', cookie, { password: body.password }).expect(200);
    const uri = new URL(res.body.totpURI);
    expect(res.body.totpURI.startsWith(`otpauth://totp/Tend:${encodeURIComponent(body.email)}?`)).toBe(true);
    expect(uri.searchParams.get('issuer')).toBe('Tend');
    expect(decodeBase32IgnorePadding(uri.searchParams.get('secret')!).length * 8).toBeGreaterThanOrEqual(128);
    expect(new Set(res.body.backupCodes).size).toBe(10);
    for (const code of res.body.backupCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await getSession(gateway, cookie)).body.user.twoFactorEnabled).toBe(false);
    const custom = await post(gateway, '/two-factor/enable', cookie, { password: body.password, issuer: 'Tend Staging' }).expect(200);
    expect(custom.body.totpURI).toContain('otpauth://totp/Tend%20Staging:');
    // Signing in still asks nothing.
    expect((await post(gateway, '/sign-in/email', '', { email: body.email, password: body.password }).expect(200)).body.token).toBeDefined();
  });

  it('refuses an issuer the Key URI cannot carry (empty, blank, a colon, longer than AUTH_TWO_FACTOR_ISSUER may be): 400 VALIDATION_ERROR, nothing enrolled', async () => {
    const { body, cookie } = await signUp(gateway);
    for (const issuer of ['', '   ', 'Tend:Staging', 'x'.repeat(101)]) {
      const res = await post(gateway, '/two-factor/enable', cookie, { password: body.password, issuer });
      expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      expect(res.body.issues).toEqual([expect.objectContaining({ path: 'issuer' })]);
    }
    expectError(await post(gateway, '/two-factor/get-totp-uri', cookie, { password: body.password }), TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
    const trimmed = await post(gateway, '/two-factor/enable', cookie, { password: body.password, issuer: '  Tend Staging ' }).expect(200);
    expect(trimmed.body.totpURI).toContain('otpauth://totp/Tend%20Staging:');
    expect(new URL(trimmed.body.totpURI).searchParams.get('issuer')).toBe('Tend Staging');
  });

  it('turns on with the first valid code (verify-totp with a session); update-user cannot change it; again: TOTP_ALREADY_ENABLED', async () => {
    const { body, cookie } = await signUp(gateway);
    const enabled = await post(gateway, '/two-factor/enable', cookie, { password: body.password }).expect(200);
    const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI).searchParams.get('secret')!);
    const code = totpAt(secret, stepAt(gateway.clock.now()));
    expectError(await post(gateway, '/two-factor/verify-totp', cookie, { code: code === '000000' ? '111111' : '000000' }), TWO_FACTOR_ERRORS.INVALID_CODE);
    const on = await post(gateway, '/two-factor/verify-totp', cookie, { code }).expect(200);
    expect(on.body.user.twoFactorEnabled).toBe(true);
    expect((await getSession(gateway, cookie)).body.user.twoFactorEnabled).toBe(true);
    expectError(await post(gateway, '/two-factor/verify-totp', cookie, { code }), TWO_FACTOR_ERRORS.INVALID_CODE);
    await post(gateway, '/update-user', cookie, { twoFactorEnabled: false, name: 'Still Ada' }).expect(200);
    expect((await getSession(gateway, cookie)).body.user).toMatchObject({ twoFactorEnabled: true, name: 'Still Ada' });
    expectError(await post(gateway, '/two-factor/enable', cookie, { password: body.password }), TWO_FACTOR_ERRORS.TOTP_ALREADY_ENABLED);
    expect(TWO_FACTOR_ERRORS.TOTP_ALREADY_ENABLED.message).toBe('TOTP is already enabled');

    const other = await signUp(gateway);
    await post(gateway, '/update-user', other.cookie, { twoFactorEnabled: true, name: 'Eve' }).expect(200);
    expect((await getSession(gateway, other.cookie)).body.user.twoFactorEnabled).toBe(false);
  });
});

describe('POST /two-factor/get-totp-uri, /generate-backup-codes, /disable', () => {
  it('need a session and the right password', async () => {
    const { browser } = await enrolled();
    for (const path of ['/two-factor/get-totp-uri', '/two-factor/generate-backup-codes', '/two-factor/disable']) {
      expectError(await post(gateway, path, '', { password: 'x' }), UNAUTHORIZED);
      expectError(await post(gateway, path, browser, { password: 'wrong password' }), INVALID_PASSWORD);
    }
  });

  it('get-totp-uri answers the same URI; off: TWO_FACTOR_NOT_ENABLED', async () => {
    const user = await enrolled();
    expect((await post(gateway, '/two-factor/get-totp-uri', user.browser, { password: user.password }).expect(200)).body).toEqual({ totpURI: user.totpURI });
    const other = await signUp(gateway);
    expectError(await post(gateway, '/two-factor/get-totp-uri', other.cookie, { password: other.body.password }), TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
  });

  it('generate-backup-codes: 10 new ones, the old stop working; off: TWO_FACTOR_NOT_ENABLED', async () => {
    const other = await signUp(gateway);
    expectError(await post(gateway, '/two-factor/generate-backup-codes', other.cookie, { password: other.body.password }), TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
    expect(TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED.message).toBe("Two factor isn't enabled");
    const user = await enrolled();
    const res = await post(gateway, '/two-factor/generate-backup-codes', user.browser, { password: user.password }).expect(200);
    expect(res.body.status).toBe(true);
    expect(res.body.backupCodes).toHaveLength(10);
    const { browser } = await signInChallenged(user.email, user.password);
    expectError(await post(gateway, '/two-factor/verify-backup-code', browser, { code: user.backupCodes[0] }), TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE);
    expect((await post(gateway, '/two-factor/verify-backup-code', browser, { code: res.body.backupCodes[0] }).expect(200)).body.token).toBeDefined();
  });

  it('disable: off, a notice mailed, sign-in asks nothing again', async () => {
    const user = await enrolled();
    expect((await post(gateway, '/two-factor/disable', user.browser, { password: user.password }).expect(200)).body).toEqual({ status: true });
    expect((await getSession(gateway, user.browser)).body.user.twoFactorEnabled).toBe(false);
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    expect(gateway.container.get(PLATFORM.DevOutbox)!.latest(user.email)!.subject).toBe('Two-factor authentication is off for your Tend account');
    expect((await post(gateway, '/sign-in/email', '', { email: user.email, password: user.password }).expect(200)).body.token).toBeDefined();
    expectError(await post(gateway, '/two-factor/disable', user.browser, { password: user.password }), TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED);
  });
});

describe('signing in with two-factor on', () => {
  it('a password sign-in answers the challenge and its cookie, no session; a right code completes it once', async () => {
    const user = await enrolled();
    const { res, browser } = await signInChallenged(user.email, user.password);
    expect(res.body).toEqual(CHALLENGE);
    const cookie = setCookieNamed(res, CHALLENGE_COOKIE)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie)![1])).toBeLessThanOrEqual(600);
    expect(setCookieNamed(res, SESSION_COOKIE)).toBeUndefined();
    expect((await getSession(gateway, browser)).body).toBeNull();

    const copy = new CookieJar(browser.header);
    expectError(await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() === '000000' ? '111111' : '000000' }), TWO_FACTOR_ERRORS.INVALID_CODE);
    const done = await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() }).expect(200);
    browser.store(done);
    expect(done.body).toMatchObject({ token: expect.any(String), user: { email: user.email, twoFactorEnabled: true } });
    expect(browser.has(SESSION_COOKIE)).toBe(true);
    expect(browser.has(CHALLENGE_COOKIE)).toBe(false);
    expect((await getSession(gateway, browser)).body.user.email).toBe(user.email);
    // The cookie is spent: a copy answers nothing, even with the next step's code.
    expectError(await post(gateway, '/two-factor/verify-totp', copy, { code: user.code(1) }), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
  });

  it('a TOTP code is accepted once: a replay in the same window is INVALID_CODE', async () => {
    const user = await enrolled();
    const code = user.code();
    const first = await signInChallenged(user.email, user.password);
    await post(gateway, '/two-factor/verify-totp', first.browser, { code }).expect(200);
    const second = await signInChallenged(user.email, user.password);
    expectError(await post(gateway, '/two-factor/verify-totp', second.browser, { code }), TWO_FACTOR_ERRORS.INVALID_CODE);
    expect((await post(gateway, '/two-factor/verify-totp', second.browser, { code: user.code(1) })).status).toBe(200);
  });

  it('without a two-factor cookie (or a session) the answers are 401 INVALID_TWO_FACTOR_COOKIE', async () => {
    for (const path of ['/two-factor/verify-totp', '/two-factor/verify-otp', '/two-factor/verify-backup-code']) {
      expectError(await post(gateway, path, '', { code: '123456' }), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
      expectError(await post(gateway, path, `${CHALLENGE_COOKIE}=forged.signature`, { code: '123456' }), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    }
    expectError(await post(gateway, '/two-factor/send-otp', '', {}), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
  });

  it('send-otp mails a 6-digit code; verify-otp completes with it, once', async () => {
    const user = await enrolled();
    const { browser } = await signInChallenged(user.email, user.password);
    expect((await post(gateway, '/two-factor/send-otp', browser, {}).expect(200)).body).toEqual({ status: true });
    const code = await mailedCode(user.email);
    expectError(await post(gateway, '/two-factor/verify-otp', browser, { code: code === '000000' ? '111111' : '000000' }), TWO_FACTOR_ERRORS.INVALID_CODE);
    const done = await post(gateway, '/two-factor/verify-otp', browser, { code }).expect(200);
    expect(done.body.user.email).toBe(user.email);
    const again = await signInChallenged(user.email, user.password);
    expectError(await post(gateway, '/two-factor/verify-otp', again.browser, { code }), TWO_FACTOR_ERRORS.INVALID_CODE);
  });

  it('a user banned while the sign-in is pending gets no mailed code and no session: 403 BANNED_USER', async () => {
    const user = await enrolled();
    const { browser } = await signInChallenged(user.email, user.password);
    const admin = await signInAdmin(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: user.userId }).expect(200);
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    const outbox = gateway.container.get(PLATFORM.DevOutbox)!;
    const mailsBefore = outbox.list().filter((mail) => mail.to === user.email).length;
    expectError(await post(gateway, '/two-factor/send-otp', browser, {}), IDENTITY_ERRORS.BANNED_USER);
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    expect(outbox.list().filter((mail) => mail.to === user.email)).toHaveLength(mailsBefore);
    const answered = await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() });
    expectError(answered, IDENTITY_ERRORS.BANNED_USER);
    expect(setCookieNamed(answered, SESSION_COOKIE) ?? '').not.toMatch(/tend\.session_token=[^;]/);
  });

  it('a backup code works once', async () => {
    const user = await enrolled();
    const first = await signInChallenged(user.email, user.password);
    expectError(await post(gateway, '/two-factor/verify-backup-code', first.browser, { code: 'aaaaa-bbbbb' }), TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE);
    expect(TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE.message).toBe('Invalid backup code');
    await post(gateway, '/two-factor/verify-backup-code', first.browser, { code: user.backupCodes[0] }).expect(200);
    const second = await signInChallenged(user.email, user.password);
    expectError(await post(gateway, '/two-factor/verify-backup-code', second.browser, { code: user.backupCodes[0] }), TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE);
  });

  it('after 10 wrong codes the pending sign-in is dead: even the right code is refused', async () => {
    const user = await enrolled();
    const { browser } = await signInChallenged(user.email, user.password);
    const wrong = user.code() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i += 1) expectError(await post(gateway, '/two-factor/verify-totp', browser, { code: wrong }), TWO_FACTOR_ERRORS.INVALID_CODE);
    expectError(await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() }), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    expect((await getSession(gateway, browser)).body).toBeNull();
  });

  it('trustDevice: the next sign-in of that user from that browser skips the second factor; other browsers and users are asked', async () => {
    const user = await enrolled();
    const { browser } = await signInChallenged(user.email, user.password);
    const done = await post(gateway, '/two-factor/verify-totp', browser, { code: user.code(), trustDevice: true }).expect(200);
    browser.store(done);
    const trust = setCookieNamed(done, TRUST_COOKIE)!;
    expect(trust).toMatch(/HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/i.exec(trust)![1])).toBeLessThanOrEqual(30 * 24 * 3600);
    const trusted = browser.only([TRUST_COOKIE]);
    expect((await post(gateway, '/sign-in/email', trusted, { email: user.email, password: user.password }).expect(200)).body.token).toBeDefined();
    expect((await post(gateway, '/sign-in/email', '', { email: user.email, password: user.password }).expect(200)).body).toEqual(CHALLENGE);
    const other = await enrolled();
    expect((await post(gateway, '/sign-in/email', trusted, { email: other.email, password: other.password }).expect(200)).body).toEqual(CHALLENGE);
    // 30 days later the mark is worth nothing.
    gateway.clock.advance(31 * 24 * 3600 * 1000);
    expect((await post(gateway, '/sign-in/email', trusted, { email: user.email, password: user.password }).expect(200)).body).toEqual(CHALLENGE);
  });

  it('the TOTP secret and backup codes appear in no answer', async () => {
    const user = await enrolled();
    const admin = await signInAdmin(gateway);
    const base32 = new URL(user.totpURI).searchParams.get('secret')!;
    const answers = [
      await getSession(gateway, user.browser),
      await get(gateway, '/list-sessions', user.browser).expect(200),
      await get(gateway, '/admin/list-users', admin.cookie, { searchValue: user.email, searchField: 'email' }).expect(200),
    ];
    for (const res of answers) {
      expect(res.text).not.toContain(base32);
      for (const code of user.backupCodes) expect(res.text).not.toContain(code);
    }
    expect(answers[2]!.body.users[0].twoFactorEnabled).toBe(true);
  });
});

describe('the per-account throttle', () => {
  it('counts wrong second-factor codes: the account\'s password sign-ins are refused after them', async () => {
    const limited = await startGateway({ rateLimit: { enabled: true, storage: 'memory', window: 10, max: 1000, failedSignInMax: 3, failedSignInWindow: 900 } });
    try {
      const { body, cookie } = await signUp(limited);
      const enabled = await post(limited, '/two-factor/enable', cookie, { password: body.password }).expect(200);
      const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
      await post(limited, '/two-factor/verify-totp', cookie, { code: totpAt(secret, stepAt(limited.clock.now())) }).expect(200);
      const browser = new CookieJar().store(await post(limited, '/sign-in/email', '', { email: body.email, password: body.password }).expect(200));
      for (let i = 0; i < 3; i += 1) {
        limited.clock.advance(11_000); // past the per-client window of the verify routes
        expectError(await post(limited, '/two-factor/verify-backup-code', browser, { code: 'wrong-wrong' }), TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE);
      }
      expect((await post(limited, '/sign-in/email', '', { email: body.email, password: body.password })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('a right password that only opens a new challenge does not clear the wrong codes counted', async () => {
    const limited = await startGateway({ rateLimit: { enabled: true, storage: 'memory', window: 10, max: 1000, failedSignInMax: 3, failedSignInWindow: 900 } });
    try {
      const { body, cookie } = await signUp(limited);
      const enabled = await post(limited, '/two-factor/enable', cookie, { password: body.password }).expect(200);
      const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
      await post(limited, '/two-factor/verify-totp', cookie, { code: totpAt(secret, stepAt(limited.clock.now())) }).expect(200);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        limited.clock.advance(11_000); // past the per-client windows of sign-in and the verify routes
        const res = await post(limited, '/sign-in/email', '', { email: body.email, password: body.password });
        expect(res.body).toEqual(CHALLENGE);
        expectError(await post(limited, '/two-factor/verify-backup-code', new CookieJar().store(res), { code: 'wrong-wrong' }), TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE);
      }
      limited.clock.advance(11_000);
      expect((await post(limited, '/sign-in/email', '', { email: body.email, password: body.password })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /admin/reset-two-factor', () => {
  it('admins only; turns two-factor off, ends the user\'s sessions, audited', async () => {
    const user = await enrolled();
    const outsider = await signUp(gateway);
    expect((await adminPost(gateway, 'reset-two-factor', outsider.cookie, { userId: user.userId })).status).toBe(403);
    const admin = await signInAdmin(gateway);
    expect((await adminPost(gateway, 'reset-two-factor', admin.cookie, { userId: 'no-such-user' })).status).toBe(404);
    expect((await adminPost(gateway, 'reset-two-factor', admin.cookie, { userId: user.userId }).expect(200)).body).toEqual({ status: true });
    expect((await getSession(gateway, user.browser)).body).toBeNull();
    expect((await post(gateway, '/sign-in/email', '', { email: user.email, password: user.password }).expect(200)).body.token).toBeDefined();
    const { events } = await auditLog(gateway, admin.cookie, { limit: 100 });
    const mine = events.filter((event) => event.targetUserId === user.userId).map((event) => event.action);
    expect(mine).toEqual(expect.arrayContaining(['two-factor.enabled', 'two-factor.reset']));
  });

  it('audits failures, disabling and new backup codes', async () => {
    const user = await enrolled();
    const { browser } = await signInChallenged(user.email, user.password);
    await post(gateway, '/two-factor/verify-backup-code', browser, { code: 'zzzzz-zzzzz' }).expect(401);
    await post(gateway, '/two-factor/generate-backup-codes', user.browser, { password: user.password }).expect(200);
    await post(gateway, '/two-factor/disable', user.browser, { password: user.password }).expect(200);
    const admin = await signInAdmin(gateway);
    const { events } = await auditLog(gateway, admin.cookie, { limit: 100 });
    const mine = events.filter((event) => event.targetUserId === user.userId);
    expect(mine.map((event) => event.action)).toEqual(expect.arrayContaining(['two-factor.failure', 'two-factor.backup-codes-regenerated', 'two-factor.disabled']));
    expect(mine.find((event) => event.action === 'two-factor.failure')!.detail).toMatchObject({ method: 'backup-code' });
  });
});


