// Account takeover through implicit linking (issue 21, item 8): someone registers another
// person's address with a password of their own; when the owner of the address signs in with a
// provider that vouches for it, what the registrant set up is revoked before the link.
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { providersConfig } from '../src/modules/providers/config.js';
import { auditLog, BASE, CookieJar, get, type MailTestGateway, ORIGIN, post, returnFrom, signInAdmin, signInWith, signUp, signUpVerified, start, startGateway } from './harness/index.js';

let fakes: FakeProviders;
let gateway: MailTestGateway;
beforeAll(async () => {
  // The fakes mint id tokens on the gateway's clock.
  fakes = await startFakeProviders({ now: () => gateway.clock.now().getTime() });
  gateway = await startGateway({ features: { providers: providersConfig({ settings: fakes.settings(), urlRewrite: fakes.baseURL, linking: { enabled: true, trustedProviders: ['spotify'] } }) } }, { mail: true });
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

let counter = 0;
const uniqueId = () => `${Date.now()}${counter++}`;

/** The owner of `email` signs in with Google, which vouches for the address. */
async function googleSignIn(email: string) {
  fakes.setUser('google', { sub: `g${uniqueId()}`, email, email_verified: true, name: 'Real Owner' });
  try {
    const browser = new CookieJar();
    const res = await signInWith(gateway, fakes, browser, 'google');
    return { browser, res };
  } finally {
    fakes.setUser('google', {});
  }
}

const passwordSignIn = (email: string, password: string) => gateway.http.post(`${BASE}/sign-in/email`).send({ email, password });
const sessionOf = async (cookie: string) => (await gateway.http.get(`${BASE}/get-session`).set('Cookie', cookie).expect(200)).body;
const providersOf = async (browser: CookieJar) => ((await get(gateway, '/list-accounts', browser).expect(200)).body as Array<{ providerId: string }>).map((a) => a.providerId).sort();

describe('a provider sign-in with the address of an existing password account', () => {
  it('links as before when that account verified its email: the password and its sessions are kept', async () => {
    const { body, cookie, user } = await signUpVerified(gateway);
    const { browser, res } = await googleSignIn(body.email);
    expect(res.headers.location).toBe('/dashboard');
    expect((await get(gateway, '/get-session', browser).expect(200)).body.user).toMatchObject({ id: user.id, emailVerified: true });
    expect(await providersOf(browser)).toEqual(['credential', 'google']);
    expect((await sessionOf(cookie))?.user.id).toBe(user.id);
    await passwordSignIn(body.email, body.password).expect(200);
  });

  it('claims an account whose email was never verified: the registrant’s password, links, API keys and sessions go; the owner is signed in', async () => {
    const admin = await signInAdmin(gateway);
    // The registrant: the victim's address, a password, a linked account and an API key of their own.
    const squatter = await signUp(gateway);
    const email = squatter.body.email as string;
    const squatterBrowser = new CookieJar(squatter.cookie);
    fakes.setUser('spotify', { id: `s${uniqueId()}`, email });
    try {
      const url = await start(gateway, squatterBrowser, { provider: 'spotify', callbackURL: '/settings' }, '/link-social');
      await returnFrom(gateway, squatterBrowser, 'spotify', await fakes.authorize(url.toString()));
    } finally {
      fakes.setUser('spotify', {});
    }
    expect(await providersOf(squatterBrowser)).toEqual(['credential', 'spotify']);
    const key = (await gateway.http.post(`${BASE}/api-key/create`).set('Cookie', squatter.cookie).set('Origin', ORIGIN).send({ name: 'backdoor' }).expect(200)).body.key as string;

    const { browser, res } = await googleSignIn(email);
    expect(res.headers.location).toBe('/dashboard');
    const owner = (await get(gateway, '/get-session', browser).expect(200)).body.user;
    expect(owner).toMatchObject({ id: squatter.user.id, email, emailVerified: true });
    expect(await providersOf(browser)).toEqual(['google']);

    // Nothing of the registrant's still opens the account.
    expect(await sessionOf(squatter.cookie)).toBeNull();
    expect((await passwordSignIn(email, squatter.body.password).expect(401)).body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    await gateway.http.get(`${BASE}/get-session`).set('x-api-key', key).expect(401);

    const events = (await auditLog(gateway, admin.cookie, { userId: squatter.user.id, action: 'account.claimed' })).events;
    expect(events).toEqual([
      expect.objectContaining({
        action: 'account.claimed',
        actorId: squatter.user.id,
        targetUserId: squatter.user.id,
        detail: { method: 'social', provider: 'google', unlinked: ['credential', 'spotify'], revoked: ['sessions', 'api-keys'] },
      }),
    ]);
  });

  it('claims through an id token too (method id-token)', async () => {
    const admin = await signInAdmin(gateway);
    const squatter = await signUp(gateway);
    const email = squatter.body.email as string;
    const token = await fakes.mintIdToken({ iss: 'https://appleid.apple.com', aud: fakes.credentials('apple').clientId, sub: `a${uniqueId()}`, email, email_verified: 'true' });
    const res = await post(gateway, '/sign-in/social', new CookieJar(), { provider: 'apple', idToken: { token } }).expect(200);
    expect(res.body.user).toMatchObject({ id: squatter.user.id, emailVerified: true });
    expect(await sessionOf(squatter.cookie)).toBeNull();
    await passwordSignIn(email, squatter.body.password).expect(401);
    const events = (await auditLog(gateway, admin.cookie, { userId: squatter.user.id, action: 'account.claimed' })).events;
    expect(events.map((event) => event.detail)).toEqual([{ method: 'id-token', provider: 'apple', unlinked: ['credential'], revoked: ['sessions'] }]);
  });

  it('claims nothing for a trusted provider that does not vouch for the address (spotify): linked, password kept', async () => {
    const { body, cookie, user } = await signUp(gateway);
    fakes.setUser('spotify', { id: `s${uniqueId()}`, email: body.email });
    try {
      const browser = new CookieJar();
      await signInWith(gateway, fakes, browser, 'spotify');
      expect((await get(gateway, '/get-session', browser).expect(200)).body.user).toMatchObject({ id: user.id, emailVerified: false });
      expect(await providersOf(browser)).toEqual(['credential', 'spotify']);
      expect((await sessionOf(cookie))?.user.id).toBe(user.id);
    } finally {
      fakes.setUser('spotify', {});
    }
  });
});
