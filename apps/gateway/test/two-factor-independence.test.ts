// Issue 29, "one mailbox passes both factors": after a first step proved by the mailbox (a mailed
// link or code, email verification with auto sign-in), the second step offers no mailed code —
// send-otp mails nothing, verify-otp gives no session — while the app's code and a backup code
// still complete it. A password, a provider or SSO is not the mailbox: the mailed code stays.
import { TWO_FACTOR_ERRORS } from '@tend/two-factor';
import { CookieJar, expectError, get, getSession, outboxOf, post, setCookieNamed, signUp, startGateway, TWO_FACTOR_COOKIE, turnOnTwoFactor, type TestGateway } from './harness/index.js';

const WEB = 'http://localhost:4300';
const SESSION_COOKIE = 'tend.session_token';
const WITHOUT_MAIL = { twoFactorRedirect: true, twoFactorMethods: ['totp', 'backup-code'] };
const WITH_MAIL = { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp', 'backup-code'] };

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway({ webURL: WEB, emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true } });
});
afterAll(() => gateway.close());

/**
 * A user with a verified address, a password and two-factor on (proving the address of an
 * unverified account would remove a second factor its registrant set up).
 */
async function enrolled() {
  const { body, cookie } = await signUp(gateway);
  await verify(body.email);
  const enrolment = await turnOnTwoFactor(gateway, cookie, body.password);
  return { ...body, ...enrolment };
}

/** Follows the verification link mailed at sign-up. */
async function verify(email: string) {
  const link = new URL((await outboxOf(gateway, email)).find((mail) => mail.purpose === 'verification')!.links[0]!);
  return gateway.http.get(`${link.pathname}${link.search}`);
}

/** A sign-in by a mailed code: its challenge and the browser holding the two-factor cookie. */
async function signInByMailedCode(email: string) {
  await post(gateway, '/email-otp/send-verification-otp', '', { email, type: 'sign-in' }).expect(200);
  const code = (await outboxOf(gateway, email)).find((mail) => mail.purpose === 'email-otp')!.text.match(/\b\d{6}\b/)![0];
  const res = await post(gateway, '/sign-in/email-otp', '', { email, otp: code }).expect(200);
  return { res, browser: new CookieJar().store(res) };
}

/** A live mailed second-factor code of the user, from a password sign-in in another browser. */
async function liveMailedCode(email: string, password: string) {
  const other = new CookieJar().store(await post(gateway, '/sign-in/email', '', { email, password }).expect(200));
  await post(gateway, '/two-factor/send-otp', other, {}).expect(200);
  return (await outboxOf(gateway, email)).find((mail) => mail.purpose === 'two-factor-otp')!.text.match(/\b\d{6}\b/)![0];
}

describe('a first step by the mailbox', () => {
  it('a mailed code: no otp offered; send-otp is 400 OTP_NOT_ENABLED and mails nothing; verify-otp gives no session', async () => {
    const user = await enrolled();
    const { res, browser } = await signInByMailedCode(user.email);
    expect(res.body).toEqual(WITHOUT_MAIL);
    expect((await get(gateway, '/two-factor/methods', browser).expect(200)).body).toEqual({ twoFactorMethods: ['totp', 'backup-code'] });

    const mailsBefore = (await outboxOf(gateway, user.email)).length;
    expectError(await post(gateway, '/two-factor/send-otp', browser, {}), TWO_FACTOR_ERRORS.OTP_NOT_ENABLED);
    expect(await outboxOf(gateway, user.email)).toHaveLength(mailsBefore);

    // Even a live mailed code of this user (asked by another sign-in) completes nothing here.
    const code = await liveMailedCode(user.email, user.password);
    const refused = await post(gateway, '/two-factor/verify-otp', browser, { code });
    expectError(refused, TWO_FACTOR_ERRORS.OTP_NOT_ENABLED);
    expect(setCookieNamed(refused, SESSION_COOKIE)).toBeUndefined();
    expect((await getSession(gateway, browser)).body).toBeNull();

    // The app's code still completes it (the pending sign-in was kept).
    const done = await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() }).expect(200);
    expect(done.body.user.email).toBe(user.email);
  });

  it('a mailed code, then a backup code completes it', async () => {
    const user = await enrolled();
    const { browser } = await signInByMailedCode(user.email);
    const done = await post(gateway, '/two-factor/verify-backup-code', browser, { code: user.backupCodes[0] }).expect(200);
    expect(setCookieNamed(done, SESSION_COOKIE)).toMatch(/tend\.session_token=[^;]/);
  });

  it('a mailed link (a redirect to the web page): no otp offered, verify-otp gives no session, the app code completes it', async () => {
    const user = await enrolled();
    await post(gateway, '/sign-in/magic-link', '', { email: user.email, callbackURL: '/journal' }).expect(200);
    const link = new URL((await outboxOf(gateway, user.email)).find((mail) => mail.purpose === 'magic-link')!.links[0]!);
    const res = await gateway.http.get(`${link.pathname}${link.search}`).expect(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/two-factor?callbackURL=%2Fjournal`);
    const browser = new CookieJar().store(res);
    expect(browser.has(TWO_FACTOR_COOKIE)).toBe(true);
    expect((await get(gateway, '/two-factor/methods', browser).expect(200)).body).toEqual({ twoFactorMethods: ['totp', 'backup-code'] });
    expectError(await post(gateway, '/two-factor/send-otp', browser, {}), TWO_FACTOR_ERRORS.OTP_NOT_ENABLED);
    expectError(await post(gateway, '/two-factor/verify-otp', browser, { code: await liveMailedCode(user.email, user.password) }), TWO_FACTOR_ERRORS.OTP_NOT_ENABLED);
    await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() }).expect(200);
  });

  it('email verification with auto sign-in: no otp offered', async () => {
    const { body, cookie } = await signUp(gateway);
    const user = await turnOnTwoFactor(gateway, cookie, body.password);
    const res = await verify(body.email);
    const browser = new CookieJar().store(res);
    expect(browser.has(TWO_FACTOR_COOKIE)).toBe(true);
    expect((await get(gateway, '/two-factor/methods', browser).expect(200)).body).toEqual({ twoFactorMethods: ['totp', 'backup-code'] });
    expectError(await post(gateway, '/two-factor/send-otp', browser, {}), TWO_FACTOR_ERRORS.OTP_NOT_ENABLED);
    await post(gateway, '/two-factor/verify-totp', browser, { code: user.code() }).expect(200);
  });
});

describe('a first step by a password', () => {
  it('keeps otp offered: send-otp mails a code and verify-otp completes', async () => {
    const user = await enrolled();
    const res = await post(gateway, '/sign-in/email', '', { email: user.email, password: user.password }).expect(200);
    expect(res.body).toEqual(WITH_MAIL);
    const browser = new CookieJar().store(res);
    expect((await get(gateway, '/two-factor/methods', browser).expect(200)).body).toEqual({ twoFactorMethods: ['totp', 'otp', 'backup-code'] });
    await post(gateway, '/two-factor/send-otp', browser, {}).expect(200);
    const code = (await outboxOf(gateway, user.email)).find((mail) => mail.purpose === 'two-factor-otp')!.text.match(/\b\d{6}\b/)![0];
    await post(gateway, '/two-factor/verify-otp', browser, { code }).expect(200);
  });
});

describe('GET /two-factor/methods', () => {
  it('without a live pending sign-in: 401 INVALID_TWO_FACTOR_COOKIE', async () => {
    expectError(await get(gateway, '/two-factor/methods', ''), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    expectError(await get(gateway, '/two-factor/methods', `${TWO_FACTOR_COOKIE}=forged.signature`), TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
  });
});
