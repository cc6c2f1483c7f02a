// The real second factor on the sign-in pipeline: with two-factor on, every one-factor sign-in —
// email and username passwords, the mailed code and link, the id token and the provider
// callback — is asked for it (the challenge, its cookie, no session), and answering completes it.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { newAccount } from '@tend/identity';
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { stepAt, totpAt } from '@tend/two-factor';
import { PLATFORM } from '../src/platform.js';
import { CookieJar, credentials, getSession, ORIGIN, post, providerConfig, returnFrom, setCookies, start, startGateway, type TestGateway } from './harness/index.js';

const WEB = 'http://localhost:4300';
const CHALLENGE_COOKIE = 'tend.two_factor';
const SESSION_COOKIE = 'tend.session_token';
const CHALLENGE = { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp', 'backup-code'] };
/** After a first step by the mailbox, a mailed code would prove it again: not offered (two-factor-independence.test.ts). */
const MAILBOX_CHALLENGE = { twoFactorRedirect: true, twoFactorMethods: ['totp', 'backup-code'] };

let fakes: FakeProviders;
let gateway: TestGateway;

beforeAll(async () => {
  fakes = await startFakeProviders({ now: () => gateway.clock.now().getTime() });
  const settings = providerConfig(fakes, { settings: fakes.settings(['github', 'apple']) });
  gateway = await startGateway({ ...settings, webURL: WEB });
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

const names = (res: { headers: Record<string, unknown> }) => setCookies(res).filter((line) => !/max-age=0/i.test(line)).map((line) => line.split('=')[0]);

/** Turns two-factor on for the signed-in browser; answers the code maker. */
async function turnOn(browser: CookieJar, password: string) {
  const enabled = await post(gateway, '/two-factor/enable', browser, { password }).expect(200);
  const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
  const code = () => totpAt(secret, stepAt(gateway.clock.now()));
  await post(gateway, '/two-factor/verify-totp', browser, { code: code() }).expect(200);
  gateway.clock.advance(30_000);
  return code;
}

/** Gives an account made without a password (provider, mailed code) one, as the server-only set-password would, and turns two-factor on. */
async function turnOnWithPassword(browser: CookieJar) {
  const password = 'a fine new password';
  const userId = (await getSession(gateway, browser)).body.user.id as string;
  const hash = await gateway.container.get(PLATFORM.PasswordHasher).hash(password);
  await gateway.container.get(PLATFORM.AccountRepository).create(newAccount({ id: `credential-${userId}`, accountId: userId, providerId: 'credential', userId, password: hash }, gateway.clock.now()));
  return turnOn(browser, password);
}

/** The challenged browser answers with the authenticator code: a session. */
async function answer(browser: CookieJar, code: string) {
  const res = await post(gateway, '/two-factor/verify-totp', browser, { code }).expect(200);
  browser.store(res);
  gateway.clock.advance(30_000);
  expect(browser.has(SESSION_COOKIE)).toBe(true);
  expect(browser.has(CHALLENGE_COOKIE)).toBe(false);
  return res;
}

async function mailed(email: string) {
  await gateway.container.get(PLATFORM.MailDelivery).idle();
  return gateway.container.get(PLATFORM.DevOutbox)!.latest(email)!;
}

describe('with two-factor on, every one-factor sign-in is asked for the second factor', () => {
  it('POST /sign-in/email and /sign-in/username', async () => {
    const body = { ...credentials(), username: `tf_${Date.now()}` };
    const signedUp = new CookieJar().store(await post(gateway, '/sign-up/email', '', body).expect(200));
    const code = await turnOn(signedUp, body.password);
    for (const [path, identity] of [
      ['/sign-in/email', { email: body.email }],
      ['/sign-in/username', { username: body.username }],
    ] as const) {
      const res = await post(gateway, path, '', { ...identity, password: body.password }).expect(200);
      expect(res.body).toEqual(CHALLENGE);
      expect(names(res)).toEqual([CHALLENGE_COOKIE]);
      const browser = new CookieJar().store(res);
      expect((await getSession(gateway, browser)).body).toBeNull();
      await post(gateway, '/two-factor/send-otp', browser, {}).expect(200);
      expect((await mailed(body.email)).text).toContain('signed in to your Tend account with your password');
      await answer(browser, code());
      expect((await getSession(gateway, browser)).body.user.email).toBe(body.email);
    }
  });

  it('POST /sign-in/email-otp and GET /magic-link/verify', async () => {
    const email = `tf-mail-${Date.now()}@example.com`;
    await post(gateway, '/email-otp/send-verification-otp', '', { email, type: 'sign-in' }).expect(200);
    const first = await post(gateway, '/sign-in/email-otp', '', { email, otp: (await mailed(email)).text.match(/\b\d{6}\b/)![0] }).expect(200);
    const code = await turnOnWithPassword(new CookieJar().store(first));

    await post(gateway, '/email-otp/send-verification-otp', '', { email, type: 'sign-in' }).expect(200);
    const signIn = await post(gateway, '/sign-in/email-otp', '', { email, otp: (await mailed(email)).text.match(/\b\d{6}\b/)![0] }).expect(200);
    expect(signIn.body).toEqual(MAILBOX_CHALLENGE);
    expect(names(signIn)).toEqual([CHALLENGE_COOKIE]);
    // The mailbox proved the first step: no code is mailed for the second.
    expect((await post(gateway, '/two-factor/send-otp', new CookieJar().store(signIn), {})).status).toBe(400);
    await answer(new CookieJar().store(signIn), code());

    await post(gateway, '/sign-in/magic-link', '', { email, callbackURL: '/journal' }).expect(200);
    const link = new URL((await mailed(email)).links[0]!);
    const res = await gateway.http.get(`${link.pathname}${link.search}`).expect(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/two-factor?callbackURL=%2Fjournal`);
    expect(names(res)).toEqual([CHALLENGE_COOKIE]);
    const browser = new CookieJar().store(res);
    expect((await getSession(gateway, browser)).body).toBeNull();
    await answer(browser, code());
    expect((await getSession(gateway, browser)).body.user.email).toBe(email);
  });

  it('the provider callback (a redirect to the challenge page) and POST /sign-in/social with an id token', async () => {
    const first = new CookieJar();
    const url = await start(gateway, first, { provider: 'github', callbackURL: '/dashboard' });
    await returnFrom(gateway, first, 'github', await fakes.authorize(url.toString()));
    const code = await turnOnWithPassword(first);

    const browser = new CookieJar();
    const again = await start(gateway, browser, { provider: 'github', callbackURL: '/dashboard' });
    const res = await returnFrom(gateway, browser, 'github', await fakes.authorize(again.toString()));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/two-factor?callbackURL=%2Fdashboard`);
    expect(browser.has(CHALLENGE_COOKIE)).toBe(true);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    await answer(browser, code());

    const claims = { iss: 'https://appleid.apple.com', aud: fakes.credentials('apple').clientId, sub: `apple-${Date.now()}`, email: `native-${Date.now()}@example.com`, email_verified: 'true' };
    const idToken = async () => ({ token: await fakes.mintIdToken(claims) });
    const native = await gateway.http.post('/api/auth/sign-in/social').set('Origin', ORIGIN).send({ provider: 'apple', idToken: await idToken() }).expect(200);
    const appleCode = await turnOnWithPassword(new CookieJar().store(native));
    const challenged = await gateway.http.post('/api/auth/sign-in/social').set('Origin', ORIGIN).send({ provider: 'apple', idToken: await idToken() }).expect(200);
    expect(challenged.body).toEqual(CHALLENGE);
    expect(names(challenged)).toEqual([CHALLENGE_COOKIE]);
    await answer(new CookieJar().store(challenged), appleCode());
  });
});
