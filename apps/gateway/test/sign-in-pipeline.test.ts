// The one sign-in pipeline: a throw-away challenge policy, registered by a module of its own,
// is asked by every way of signing in, and a sign-in it challenges becomes a session only
// through the completion (once). Sessions an existing session vouches for are never challenged.
import { silentLogger } from '@tend/kernel';
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { bootstrapAdmin, MODULES } from '../src/index.js';
import { PLATFORM } from '../src/platform.js';
import { CookieJar, PROBE_COOKIE, SESSION_COOKIE, probeModule, addPasskey, authenticator, credentials, ORIGIN, providerConfig, returnFrom, setCookies, signInWithPasskey, start, startGateway, type TestGateway } from './harness/index.js';

const WEB = 'http://localhost:4300';

let fakes: FakeProviders;
let gateway: TestGateway;

beforeAll(async () => {
  fakes = await startFakeProviders({ now: () => gateway.clock.now().getTime() });
  const settings = providerConfig(fakes, { settings: fakes.settings(['github', 'apple']) });
  gateway = await startGateway(
    { ...settings, webURL: WEB, emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true } },
    { modules: [...MODULES, probeModule()] },
  );
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

const names = (res: { headers: Record<string, unknown> }) => setCookies(res).filter((line) => !/max-age=0/i.test(line)).map((line) => line.split('=')[0]);
const CHALLENGE = { twoFactorRedirect: true, twoFactorMethods: ['probe'] };

/** The challenged browser answers the probe: a session, usable once. */
async function answer(browser: CookieJar, value = 'yes') {
  const res = await gateway.http.post('/api/auth/probe/answer').set('Origin', ORIGIN).set('Cookie', browser.header).send({ answer: value });
  browser.store(res);
  return res;
}

async function sessionOf(browser: CookieJar) {
  return (await gateway.http.get('/api/auth/get-session').set('Cookie', browser.header).expect(200)).body as { user: { email: string } } | null;
}

describe('the sign-in pipeline asks every sign-in for the registered challenge', () => {
  it('POST /sign-up/email: the challenge, its cookie, no session', async () => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials()).expect(200);
    expect(res.body).toEqual(CHALLENGE);
    expect(names(res)).toEqual([PROBE_COOKIE]);
  });

  it('POST /sign-in/email and /sign-in/username: the challenge until it is answered, then a session', async () => {
    const body = { ...credentials(), username: `probe_${Date.now()}` };
    await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
    for (const [path, identity] of [
      ['/api/auth/sign-in/email', { email: body.email }],
      ['/api/auth/sign-in/username', { username: body.username }],
    ] as const) {
      const res = await gateway.http.post(path).send({ ...identity, password: body.password }).expect(200);
      expect(res.body).toEqual(CHALLENGE);
      expect(names(res)).toEqual([PROBE_COOKIE]);
      const browser = new CookieJar();
      browser.store(res);
      expect(await sessionOf(browser)).toBeNull();

      expect((await answer(browser, 'no')).body).toEqual({ status: 'wrong' });
      const done = await answer(browser);
      expect(done.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
      expect(browser.has(SESSION_COOKIE)).toBe(true);
      expect(browser.has(PROBE_COOKIE)).toBe(false);
      expect((await sessionOf(browser))?.user.email).toBe(body.email);
    }
  });

  it('refuses a copy of an answered challenge cookie', async () => {
    const body = credentials();
    await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
    const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200);
    const browser = new CookieJar();
    browser.store(res);
    const copy = new CookieJar(browser.header);
    expect((await answer(browser)).body.token).toBeDefined();
    expect((await answer(copy)).body).toEqual({ status: 'missing' });
  });

  it('the identity-provider callback: a redirect to the web app\'s challenge page that returns to the callbackURL', async () => {
    const browser = new CookieJar();
    const url = await start(gateway, browser, { provider: 'github', callbackURL: '/dashboard', newUserCallbackURL: '/welcome' });
    const res = await returnFrom(gateway, browser, 'github', await fakes.authorize(url.toString()));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/probe?callbackURL=%2Fwelcome`);
    expect(browser.has(PROBE_COOKIE)).toBe(true);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect((await answer(browser)).status).toBe(200);
    expect(await sessionOf(browser)).not.toBeNull();
  });

  it('POST /sign-in/social with an id token: the challenge', async () => {
    const claims = { iss: 'https://appleid.apple.com', aud: fakes.credentials('apple').clientId, sub: `apple-${Date.now()}`, email: `native-${Date.now()}@example.com`, email_verified: 'true' };
    const res = await gateway.http.post('/api/auth/sign-in/social').set('Origin', ORIGIN).send({ provider: 'apple', idToken: { token: await fakes.mintIdToken(claims) } }).expect(200);
    expect(res.body).toEqual(CHALLENGE);
    expect(names(res)).toEqual([PROBE_COOKIE]);
  });

  it('GET /verify-email with auto sign-in: the challenge page for a browser, the challenge for JSON', async () => {
    const outbox = gateway.container.get(PLATFORM.DevOutbox);
    const body = credentials();
    await gateway.http.post('/api/auth/sign-up/email').send({ ...body, callbackURL: '/verified' }).expect(200);
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    const link = new URL(outbox!.list().find((mail) => mail.to === body.email)!.links[0]!);
    const res = await gateway.http.get(`${link.pathname}${link.search}`).expect(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/probe?callbackURL=%2Fverified`);
    expect(names(res)).toEqual([PROBE_COOKIE]);
  });

  it('GET /magic-link/verify and POST /sign-in/email-otp: the challenge page for the link, the challenge for the code', async () => {
    const outbox = gateway.container.get(PLATFORM.DevOutbox)!;
    const mailed = async (email: string) => {
      await gateway.container.get(PLATFORM.MailDelivery).idle();
      return outbox.latest(email)!;
    };
    const linked = `link-${Date.now()}@example.com`;
    await gateway.http.post('/api/auth/sign-in/magic-link').send({ email: linked, callbackURL: '/journal' }).expect(200);
    const link = new URL((await mailed(linked)).links[0]!);
    const res = await gateway.http.get(`${link.pathname}${link.search}`).expect(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/probe?callbackURL=%2Fjournal`);
    expect(names(res)).toEqual([PROBE_COOKIE]);
    const browser = new CookieJar().store(res);
    expect(await sessionOf(browser)).toBeNull();
    expect((await answer(browser)).body.token).toBeDefined();
    expect((await sessionOf(browser))?.user.email).toBe(linked);

    const coded = `code-${Date.now()}@example.com`;
    await gateway.http.post('/api/auth/email-otp/send-verification-otp').send({ email: coded, type: 'sign-in' }).expect(200);
    const otp = (await mailed(coded)).text.match(/\b\d{6}\b/)![0];
    const signIn = await gateway.http.post('/api/auth/sign-in/email-otp').send({ email: coded, otp }).expect(200);
    expect(signIn.body).toEqual(CHALLENGE);
    expect(names(signIn)).toEqual([PROBE_COOKIE]);
  });

  it('POST /passkey/verify-authentication: the challenge (the probe asks even a verified passkey)', async () => {
    const body = credentials();
    await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
    const browser = new CookieJar();
    browser.store(await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200));
    await answer(browser);
    const device = authenticator({ origin: WEB });
    expect((await addPasskey(gateway, { jar: browser }, device)).status).toBe(200);
    const res = await signInWithPasskey(gateway, device);
    expect(res.body).toEqual(CHALLENGE);
    expect(names(res)).toEqual([PROBE_COOKIE]);
    expect(await sessionOf(res.browser.jar)).toBeNull();
    expect((await answer(res.browser.jar)).body.token).toBeDefined();
    expect((await sessionOf(res.browser.jar))?.user.email).toBe(body.email);
  });

  it('POST /email-otp/verify-email with auto sign-in: the challenge', async () => {
    const outbox = gateway.container.get(PLATFORM.DevOutbox)!;
    const body = credentials();
    await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
    await gateway.http.post('/api/auth/email-otp/send-verification-otp').send({ email: body.email, type: 'email-verification' }).expect(200);
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    const otp = outbox.latest(body.email)!.text.match(/\b\d{6}\b/)![0];
    const res = await gateway.http.post('/api/auth/email-otp/verify-email').send({ email: body.email, otp }).expect(200);
    expect(res.body).toEqual(CHALLENGE);
    expect(names(res)).toEqual([PROBE_COOKIE]);
  });

  it('does not challenge sessions an existing session vouches for (impersonation), and gives the admin its own session back', async () => {
    const email = `pipeline.admin.${Date.now()}@example.com`;
    const deps = { users: gateway.container.get(PLATFORM.UserRepository), hasher: gateway.container.get(PLATFORM.PasswordHasher), clock: gateway.clock, logger: silentLogger };
    await bootstrapAdmin({ email, password: 'admin password 1' }, deps);
    const admin = new CookieJar();
    admin.store(await gateway.http.post('/api/auth/sign-in/email').send({ email, password: 'admin password 1' }).expect(200));
    const own = (await answer(admin)).body.token as string;
    const target = credentials();
    await gateway.http.post('/api/auth/sign-up/email').send(target).expect(200);
    const targetId = (await gateway.container.get(PLATFORM.UserRepository).findByEmail(target.email))!.id;

    const started = await gateway.http.post('/api/auth/admin/impersonate-user').set('Origin', ORIGIN).set('Cookie', admin.header).send({ userId: targetId }).expect(200);
    expect(started.body.session).toMatchObject({ userId: targetId });
    expect(names(started)).toContain(SESSION_COOKIE);
    admin.store(started);
    expect((await sessionOf(admin))?.user.email).toBe(target.email);

    const stopped = await gateway.http.post('/api/auth/admin/stop-impersonating').set('Origin', ORIGIN).set('Cookie', admin.header).send({}).expect(200);
    expect(stopped.body.session.token).toBe(own);
    admin.store(stopped);
    expect((await sessionOf(admin))?.user.email).toBe(email);
  });

  it('does not challenge sessions an existing session vouches for (change of password)', async () => {
    const body = credentials();
    await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
    const browser = new CookieJar();
    browser.store(await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200));
    await answer(browser);
    const res = await gateway.http
      .post('/api/auth/change-password')
      .set('Origin', ORIGIN)
      .set('Cookie', browser.header)
      .send({ currentPassword: body.password, newPassword: 'another good password', revokeOtherSessions: true })
      .expect(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(names(res)).toContain(SESSION_COOKIE);
  });
});
