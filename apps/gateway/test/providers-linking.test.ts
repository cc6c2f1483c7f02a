// Account linking (spec section 4) over HTTP: a provider sign-in joining an existing user,
// POST /link-social, POST /unlink-account and GET /list-accounts.
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { TOKENS } from '../src/tokens.js';
import { BASE, CookieJar, errorOf, get, post, providerConfig, returnFrom, SESSION_COOKIE, signInWith, signUp, start, startGateway, type TestGateway } from './harness/index.js';

let fakes: FakeProviders;
let gateway: TestGateway;
beforeAll(async () => {
  fakes = await startFakeProviders();
  gateway = await startGateway(providerConfig(fakes, { linking: { enabled: true, trustedProviders: ['spotify'] } }));
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

/** A GitHub user whose (primary, verified) email is `email`. */
const githubUser = (id: number, email: string) => ({
  profile: { id, login: `user${id}`, name: 'Git Hubber', email, avatar_url: null },
  emails: [{ email, primary: true, verified: true, visibility: 'private' }],
});

let counter = 0;
const uniqueId = () => `${Date.now()}${counter++}`;

/** A user signed up with email and password, as a browser. */
async function emailUser(on: TestGateway = gateway) {
  const { cookie, body, user } = await signUp(on);
  return { browser: new CookieJar(cookie), email: body.email as string, user: user as { id: string } };
}

/** Links `provider` to the signed-in `browser` through POST /link-social and the callback. */
async function link(browser: CookieJar, provider: 'github' | 'spotify' | 'google', body: Record<string, unknown> = {}) {
  const url = await start(gateway, browser, { provider, callbackURL: '/settings/accounts', ...body }, '/link-social');
  return returnFrom(gateway, browser, provider, await fakes.authorize(url.toString()));
}

describe('a provider sign-in with the email of an existing user', () => {
  it('links a trusted provider (spotify: email not verified by it) and signs in the existing user', async () => {
    const { email, user } = await emailUser();
    fakes.setUser('spotify', { id: uniqueId(), email });
    try {
      const browser = new CookieJar();
      const res = await signInWith(gateway, fakes, browser, 'spotify');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/dashboard');
      const session = await get(gateway, '/get-session', browser).expect(200);
      expect(session.body.user.id).toBe(user.id);
      const accounts = await get(gateway, '/list-accounts', browser).expect(200);
      expect(accounts.body.map((a: { providerId: string }) => a.providerId).sort()).toEqual(['credential', 'spotify']);
    } finally {
      fakes.setUser('spotify', {});
    }
  });

  it('links a provider that vouches for the email (google, email_verified) and marks the email verified', async () => {
    const { email, user } = await emailUser();
    fakes.setUser('google', { sub: uniqueId(), email, email_verified: true });
    try {
      const browser = new CookieJar();
      const res = await signInWith(gateway, fakes, browser, 'google');
      expect(res.headers.location).toBe('/dashboard');
      const session = await get(gateway, '/get-session', browser).expect(200);
      expect(session.body.user).toMatchObject({ id: user.id, emailVerified: true });
    } finally {
      fakes.setUser('google', {});
    }
  });

  it('redirects with account_not_linked for an untrusted provider that does not verify the email (facebook)', async () => {
    const { email } = await emailUser();
    fakes.setUser('facebook', { id: uniqueId(), email });
    try {
      const browser = new CookieJar();
      const res = await signInWith(gateway, fakes, browser, 'facebook');
      expect(errorOf(res)).toBe('account_not_linked');
      expect(browser.has(SESSION_COOKIE)).toBe(false);
    } finally {
      fakes.setUser('facebook', {});
    }
  });

  it('redirects with account_not_linked even for a verified email when linking is off (AUTH_ACCOUNT_LINKING=off)', async () => {
    const off = await startGateway(providerConfig(fakes, { settings: fakes.settings(['google']), linking: { enabled: false, trustedProviders: [] } }));
    try {
      const { email } = await emailUser(off);
      fakes.setUser('google', { sub: uniqueId(), email, email_verified: true });
      expect(errorOf(await signInWith(off, fakes, new CookieJar(), 'google'))).toBe('account_not_linked');
    } finally {
      fakes.setUser('google', {});
      await off.close();
    }
  });
});

describe('POST /link-social', () => {
  it('answers {url, redirect} and links the account to the signed-in user on the callback', async () => {
    const { browser, email, user } = await emailUser();
    fakes.setUser('github', githubUser(Number(uniqueId()), email));
    try {
      const res = await post(gateway, '/link-social', browser, { provider: 'github', callbackURL: '/settings/accounts' }).expect(200);
      expect(res.body).toEqual({ url: expect.stringContaining('/github.com/login/oauth/authorize?'), redirect: true });
      browser.store(res);
      const back = await returnFrom(gateway, browser, 'github', await fakes.authorize(res.body.url as string));
      expect(back.headers.location).toBe('/settings/accounts');
      const accounts = await get(gateway, '/list-accounts', browser).expect(200);
      expect(accounts.body).toHaveLength(2);
      const session = await get(gateway, '/get-session', browser).expect(200);
      expect(session.body.user.id).toBe(user.id);
      // The new linked account is in the account's recent activity (issue 33).
      const activity = await get(gateway, '/account-activity', browser).expect(200);
      expect(activity.body.events.map((event: { action: string }) => event.action)).toContain('account.linked');
    } finally {
      fakes.setUser('github', {});
    }
  });

  it('redirects with account_already_linked_to_different_user when the provider account belongs to someone else', async () => {
    const githubId = Number(uniqueId());
    const first = await emailUser();
    const second = await emailUser();
    try {
      fakes.setUser('github', githubUser(githubId, first.email));
      expect((await link(first.browser, 'github')).headers.location).toBe('/settings/accounts');
      fakes.setUser('github', githubUser(githubId, second.email));
      const res = await link(second.browser, 'github', { errorCallbackURL: '/settings/accounts?failed' });
      expect(res.headers.location).toBe('/settings/accounts?failed&error=account_already_linked_to_different_user');
    } finally {
      fakes.setUser('github', {});
    }
  });

  it("redirects with email_doesn't_match when the provider account has another email", async () => {
    const { browser } = await emailUser();
    fakes.setUser('github', githubUser(Number(uniqueId()), 'someone.else@example.com'));
    try {
      expect(errorOf(await link(browser, 'github'))).toBe("email_doesn't_match");
    } finally {
      fakes.setUser('github', {});
    }
  });

  it('redirects with unable_to_link_account for an untrusted provider that does not verify the email', async () => {
    const { browser, email } = await emailUser();
    const url = await start(gateway, browser, { provider: 'facebook', callbackURL: '/settings/accounts' }, '/link-social');
    fakes.setUser('facebook', { id: uniqueId(), email });
    try {
      expect(errorOf(await returnFrom(gateway, browser, 'facebook', await fakes.authorize(url.toString())))).toBe('unable_to_link_account');
    } finally {
      fakes.setUser('facebook', {});
    }
  });

  it('answers 401 without a session and 404 PROVIDER_NOT_FOUND for an unknown provider', async () => {
    const anonymous = await gateway.http.post(`${BASE}/link-social`).send({ provider: 'github' }).expect(401);
    expect(anonymous.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const { browser } = await emailUser();
    const unknown = await post(gateway, '/link-social', browser, { provider: 'myspace' }).expect(404);
    expect(unknown.body).toEqual({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
  });

  it('answers 403 Invalid callbackURL for an untrusted callbackURL', async () => {
    const { browser } = await emailUser();
    const res = await post(gateway, '/link-social', browser, { provider: 'github', callbackURL: 'https://evil.example/' }).expect(403);
    expect(res.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
  });
});

describe('GET /list-accounts', () => {
  it('lists the accounts without tokens or password hashes', async () => {
    const { browser, email } = await emailUser();
    fakes.setUser('google', { sub: uniqueId(), email, email_verified: true });
    try {
      await link(browser, 'google');
    } finally {
      fakes.setUser('google', {});
    }
    const res = await get(gateway, '/list-accounts', browser).expect(200);
    expect(res.body).toHaveLength(2);
    for (const account of res.body) expect(Object.keys(account).sort()).toEqual(['accountId', 'createdAt', 'id', 'providerId', 'scopes', 'updatedAt']);
    expect(res.body.find((a: { providerId: string }) => a.providerId === 'google').scopes).toEqual(['email', 'profile', 'openid']);
    expect(JSON.stringify(res.body)).not.toMatch(/enc\.v1\.|scrypt|\$/);
  });

  it('answers 401 without a session', async () => {
    const res = await gateway.http.get(`${BASE}/list-accounts`).expect(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });
});

describe('POST /unlink-account', () => {
  it('unlinks a provider account of the signed-in user', async () => {
    const { browser, email } = await emailUser();
    fakes.setUser('google', { sub: uniqueId(), email, email_verified: true });
    try {
      await link(browser, 'google');
    } finally {
      fakes.setUser('google', {});
    }
    const res = await post(gateway, '/unlink-account', browser, { providerId: 'google' }).expect(200);
    expect(res.body).toEqual({ status: true });
    const accounts = await get(gateway, '/list-accounts', browser).expect(200);
    expect(accounts.body.map((a: { providerId: string }) => a.providerId)).toEqual(['credential']);
  });

  it("answers 400 YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT for the user's only account", async () => {
    fakes.setUser('twitch', { sub: uniqueId(), email: `twitch.${uniqueId()}@example.com` });
    try {
      const browser = new CookieJar();
      await signInWith(gateway, fakes, browser, 'twitch');
      const res = await post(gateway, '/unlink-account', browser, { providerId: 'twitch' }).expect(400);
      expect(res.body).toEqual({ code: 'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT', message: "You can't unlink your last account" });
      expect((await get(gateway, '/list-accounts', browser).expect(200)).body).toHaveLength(1);
    } finally {
      fakes.setUser('twitch', {});
    }
  });

  it('answers 400 ACCOUNT_NOT_FOUND for a provider the user has not linked', async () => {
    const { browser, email } = await emailUser();
    fakes.setUser('google', { sub: uniqueId(), email, email_verified: true });
    try {
      await link(browser, 'google');
    } finally {
      fakes.setUser('google', {});
    }
    const res = await post(gateway, '/unlink-account', browser, { providerId: 'github' }).expect(400);
    expect(res.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
  });

  it('answers 403 SESSION_IS_NOT_FRESH for a session older than a day', async () => {
    const { browser, email } = await emailUser();
    fakes.setUser('google', { sub: uniqueId(), email, email_verified: true });
    try {
      await link(browser, 'google');
    } finally {
      fakes.setUser('google', {});
    }
    gateway.clock.advance(25 * 3600 * 1000);
    const res = await post(gateway, '/unlink-account', browser, { providerId: 'google' }).expect(403);
    expect(res.body).toEqual({ code: 'SESSION_IS_NOT_FRESH', message: 'Session is not fresh' });
    const accounts = await gateway.container.get(TOKENS.Database).account.count({ where: { providerId: 'google', user: { email } } });
    expect(accounts).toBe(1);
  });

  it('answers 403 INVALID_ORIGIN to a cookie-carrying request from another origin', async () => {
    const { browser } = await emailUser();
    const res = await gateway.http.post(`${BASE}/unlink-account`).set('Cookie', browser.header).set('Origin', 'https://evil.example').send({ providerId: 'credential' }).expect(403);
    expect(res.body).toEqual({ code: 'INVALID_ORIGIN', message: 'Invalid origin' });
  });
});
