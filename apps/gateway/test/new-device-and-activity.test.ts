// The new-device sign-in mail and the account's recent activity (issue 33), over real HTTP on
// PGlite and PostgreSQL.
import { ACTIVITY_PAGE } from '@tend/multi-session';
import { BASE, CookieJar, credentials, get, ORIGIN, outboxOf, post, setCookies, signInAdmin, startGateway, turnOnTwoFactor, type TestGateway } from './harness/index.js';

const WEB = 'http://localhost:4310';
const DEVICE_COOKIE = 'tend.known_device';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway({ webURL: WEB });
});
afterAll(() => gateway.close());

/** POST from a browser with its user agent, keeping its cookies. */
async function postAs(browser: CookieJar, userAgent: string, path: string, body: object) {
  const req = gateway.http.post(`${BASE}${path}`).set('Origin', ORIGIN).set('User-Agent', userAgent);
  const res = await (browser.header ? req.set('Cookie', browser.header) : req).send(body);
  browser.store(res);
  return res;
}

const newDeviceMails = async (email: string) => (await outboxOf(gateway, email)).filter((mail) => mail.purpose === 'new-device-sign-in');

describe('the new-device sign-in mail', () => {
  it('none at sign-up nor for a further sign-in from that browser; one from a new browser, naming time, browser, system, IP and the sessions page', async () => {
    const body = credentials();
    const first = new CookieJar();
    const signedUp = await postAs(first, CHROME_MAC, '/sign-up/email', body);
    expect(signedUp.status).toBe(200);
    expect(setCookies(signedUp).some((line) => line.startsWith(`${DEVICE_COOKIE}=`) && /Max-Age=34560000/.test(line))).toBe(true);
    expect(await newDeviceMails(body.email)).toHaveLength(0);

    // The same browser again, even after signing out (the device cookie outlives sessions).
    await postAs(first, CHROME_MAC, '/sign-out', {});
    expect(first.has(DEVICE_COOKIE)).toBe(true);
    expect((await postAs(first, CHROME_MAC, '/sign-in/email', { email: body.email, password: body.password })).status).toBe(200);
    expect(await newDeviceMails(body.email)).toHaveLength(0);

    const second = new CookieJar();
    expect((await postAs(second, FIREFOX_LINUX, '/sign-in/email', { email: body.email, password: body.password })).status).toBe(200);
    const mails = await newDeviceMails(body.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain('New sign-in');
    expect(mail!.text).toContain('Firefox 133');
    expect(mail!.text).toContain('Linux');
    expect(mail!.text).toMatch(/IP address: (::ffff:)?127\.0\.0\.1/);
    expect(mail!.text).toContain(`${gateway.clock.now().getUTCFullYear()}`);
    expect(mail!.text).toMatch(/UTC/);
    expect(mail!.text).toMatch(/If this was not you/);
    expect(mail!.links[0]).toBe(`${WEB}/account/sessions`);

    // That browser is known now; the first one still is.
    await postAs(second, FIREFOX_LINUX, '/sign-in/email', { email: body.email, password: body.password });
    await postAs(first, CHROME_MAC, '/sign-in/email', { email: body.email, password: body.password });
    expect(await newDeviceMails(body.email)).toHaveLength(1);
  });

  it('is kept per account: a browser known to one account is new to another', async () => {
    const [a, b] = [credentials(), credentials()];
    await post(gateway, '/sign-up/email', '', a).expect(200);
    await post(gateway, '/sign-up/email', '', b).expect(200);
    const browser = new CookieJar();
    await postAs(browser, CHROME_MAC, '/sign-in/email', { email: a.email, password: a.password });
    await postAs(browser, CHROME_MAC, '/sign-in/email', { email: b.email, password: b.password });
    await postAs(browser, CHROME_MAC, '/sign-in/email', { email: a.email, password: a.password });
    expect(await newDeviceMails(a.email)).toHaveLength(1);
    expect(await newDeviceMails(b.email)).toHaveLength(1);
  });

  it('a forged device cookie is a new device', async () => {
    const body = credentials();
    await post(gateway, '/sign-up/email', '', body).expect(200);
    const browser = new CookieJar(`${DEVICE_COOKIE}=0123456789abcdef.forged`);
    await postAs(browser, CHROME_MAC, '/sign-in/email', { email: body.email, password: body.password });
    expect(await newDeviceMails(body.email)).toHaveLength(1);
  });

  it('comes at the end of a second-factor challenge, not before', async () => {
    const body = credentials();
    const own = new CookieJar();
    await postAs(own, CHROME_MAC, '/sign-up/email', body);
    const enrolment = await turnOnTwoFactor(gateway, own, body.password);
    const browser = new CookieJar();
    expect((await postAs(browser, FIREFOX_LINUX, '/sign-in/email', { email: body.email, password: body.password })).body.twoFactorRedirect).toBe(true);
    expect(await newDeviceMails(body.email)).toHaveLength(0);
    expect((await postAs(browser, FIREFOX_LINUX, '/two-factor/verify-totp', { code: enrolment.code() })).status).toBe(200);
    gateway.clock.advance(30_000);
    expect(await newDeviceMails(body.email)).toHaveLength(1);
  });

  it('AUTH_NEW_DEVICE_MAIL=off sends none', async () => {
    const quiet = await startGateway({ features: { multiSession: { maxSessions: 5, newDeviceMail: false } } });
    try {
      const body = credentials();
      await quiet.http.post(`${BASE}/sign-up/email`).send(body).expect(200);
      await quiet.http.post(`${BASE}/sign-in/email`).set('Origin', ORIGIN).send({ email: body.email, password: body.password }).expect(200);
      expect((await outboxOf(quiet, body.email)).filter((mail) => mail.purpose === 'new-device-sign-in')).toHaveLength(0);
    } finally {
      await quiet.close();
    }
  });
});

describe('GET /account-activity', () => {
  async function activity(browser: CookieJar, query: Record<string, string | number> = {}) {
    const res = await get(gateway, '/account-activity', browser, query).expect(200);
    return res.body as { events: { id: string; action: string; createdAt: string; ipAddress: string | null; userAgent: string | null }[]; total: number };
  }

  it("the caller's own security events, newest first: sign-ins, wrong passwords, password changes, ended sessions, second factor", async () => {
    const body = credentials();
    const browser = new CookieJar();
    await postAs(browser, CHROME_MAC, '/sign-up/email', body);
    gateway.clock.advance(1000);
    expect((await postAs(new CookieJar(), FIREFOX_LINUX, '/sign-in/email', { email: body.email, password: 'not the password' })).status).toBe(401);
    gateway.clock.advance(1000);
    const other = new CookieJar();
    const otherToken = (await postAs(other, FIREFOX_LINUX, '/sign-in/email', { email: body.email, password: body.password })).body.token as string;
    gateway.clock.advance(1000);
    await postAs(browser, CHROME_MAC, '/revoke-session', { token: otherToken });
    gateway.clock.advance(1000);
    expect((await postAs(browser, CHROME_MAC, '/change-password', { currentPassword: body.password, newPassword: 'a brand new password' })).status).toBe(200);
    gateway.clock.advance(1000);
    await turnOnTwoFactor(gateway, browser, 'a brand new password');

    // Someone else's events never show.
    const stranger = credentials();
    await post(gateway, '/sign-up/email', '', stranger).expect(200);
    await post(gateway, '/sign-in/email', '', { email: stranger.email, password: 'wrong wrong wrong' }).expect(401);

    const page = await activity(browser);
    // Sign-up is no sign-in event.
    expect(page.events.map((event) => event.action)).toEqual(['two-factor.enabled', 'password.change', 'session.revoke', 'sign-in.success', 'sign-in.failure']);
    expect(page.total).toBe(5);
    const failure = page.events[4]!;
    expect(failure.userAgent).toBe(FIREFOX_LINUX);
    expect(failure.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(Object.keys(failure).sort()).toEqual(['action', 'createdAt', 'id', 'ipAddress', 'method', 'userAgent']);
    expect(failure.method).toBe('email');

    const paged = await activity(browser, { limit: 2, offset: 1 });
    expect(paged.events.map((event) => event.action)).toEqual(['password.change', 'session.revoke']);
    expect(paged.total).toBe(5);
  });

  it('records the ending of a session by an administrator against the account', async () => {
    const body = credentials();
    const browser = new CookieJar();
    const userId = (await postAs(browser, CHROME_MAC, '/sign-up/email', body)).body.user.id as string;
    const admin = await signInAdmin(gateway);
    await post(gateway, '/admin/revoke-user-sessions', admin.cookie, { userId }).expect(200);
    gateway.clock.advance(1000);
    await postAs(browser, CHROME_MAC, '/sign-in/email', { email: body.email, password: body.password });
    expect((await activity(browser)).events.map((event) => event.action)).toEqual(['sign-in.success', 'session.revoke']);
  });

  it('anonymous: 401; bad limit and offset: 400', async () => {
    const res = await get(gateway, '/account-activity', '').expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    const browser = new CookieJar();
    await postAs(browser, CHROME_MAC, '/sign-up/email', credentials());
    for (const query of [{ limit: 0 }, { limit: ACTIVITY_PAGE.maxLimit + 1 }, { limit: 'ten' }, { offset: -1 }, { offset: '1.5' }]) {
      const bad = await get(gateway, '/account-activity', browser, query as Record<string, string | number>).expect(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
    }
  });
});
