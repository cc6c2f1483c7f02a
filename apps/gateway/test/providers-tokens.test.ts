// Id-token sign-in (POST /sign-in/social with idToken) and the provider tokens of linked
// accounts: POST /get-access-token, /refresh-token, /account-info; tokens encrypted at rest.
import { TokenCipher } from '@tend/providers';
import { MICROSOFT_FAKE_TENANT, startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { TOKENS } from '../src/tokens.js';
import { BASE, CookieJar, get, post, providerConfig, SECRET, SESSION_COOKIE, signInWith, signUp, startGateway, type TestGateway } from './harness/index.js';

let fakes: FakeProviders;
let gateway: TestGateway;
beforeAll(async () => {
  // The fakes mint id tokens on the gateway's clock (Apple's must not be issued in its future).
  fakes = await startFakeProviders({ now: () => gateway.clock.now().getTime() });
  gateway = await startGateway(providerConfig(fakes));
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});
afterEach(() => fakes.clearFailures());

const HOUR = 3600;
const nowSeconds = () => Math.floor(gateway.clock.now().getTime() / 1000);
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${counter++}`;

const appleClaims = (overrides: Record<string, unknown> = {}) => ({
  iss: 'https://appleid.apple.com',
  aud: fakes.credentials('apple').clientId,
  sub: unique('apple'),
  email: `${unique('native')}@example.com`,
  email_verified: 'true',
  ...overrides,
});

function idTokenSignIn(provider: string, idToken: Record<string, unknown>, browser = new CookieJar()) {
  return post(gateway, '/sign-in/social', browser, { provider, idToken });
}

describe('POST /sign-in/social with an idToken', () => {
  it('signs up with a valid Apple id token: {redirect: false, token, user} and the session cookie', async () => {
    const claims = appleClaims();
    const browser = new CookieJar();
    const res = await idTokenSignIn('apple', { token: await fakes.mintIdToken(claims), accessToken: 'native-access-token', expiresAt: Date.now() + 60_000 }, browser).expect(200);
    expect(res.body).toEqual({ redirect: false, token: expect.stringMatching(/^[A-Za-z0-9]{32}$/), user: expect.objectContaining({ email: claims.email, emailVerified: true }) });
    browser.store(res);
    expect(browser.has(SESSION_COOKIE)).toBe(true);
    const session = await get(gateway, '/get-session', browser).expect(200);
    expect(session.body.user.email).toBe(claims.email);
    const row = await gateway.container.get(TOKENS.Database).account.findFirstOrThrow({ where: { providerId: 'apple', accountId: claims.sub } });
    expect(row.idToken).toMatch(/^enc\.v1\./);
    expect(row.accessToken).toMatch(/^enc\.v1\./);
    expect(new TokenCipher(SECRET).decrypt(row.accessToken!)).toBe('native-access-token');
  });

  it('signs in with a Google id token checked by its token-info endpoint, and with a Microsoft one checked against its tenant', async () => {
    const google = await fakes.mintIdToken({ iss: 'https://accounts.google.com', aud: fakes.credentials('google').clientId, sub: unique('g'), email: `${unique('g')}@example.com`, email_verified: true, name: 'One Tap' });
    const res = await idTokenSignIn('google', { token: google }).expect(200);
    expect(res.body.user).toMatchObject({ name: 'One Tap', emailVerified: true });
    expect(fakes.requestsTo('https://oauth2.googleapis.com/tokeninfo').length).toBeGreaterThan(0);

    const microsoft = await fakes.mintIdToken({
      iss: `https://login.microsoftonline.com/${MICROSOFT_FAKE_TENANT}/v2.0`,
      tid: MICROSOFT_FAKE_TENANT,
      aud: fakes.credentials('microsoft').clientId,
      sub: unique('ms'),
      name: 'Native Ms',
      email: `${unique('ms')}@example.com`,
    });
    expect((await idTokenSignIn('microsoft', { token: microsoft }).expect(200)).body.user.name).toBe('Native Ms');
  });

  /** Answers the refusal, having checked that it set no cookie and created no user. */
  async function refused(provider: string, idToken: Record<string, unknown>, email: string) {
    const res = await idTokenSignIn(provider, idToken).expect(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await gateway.container.get(TOKENS.UserRepository).findByEmail(email)).toBeNull();
    return res.body as unknown;
  }

  it.each([
    ['a wrong audience', { aud: 'someone-elses-app' }, {}],
    ['a wrong issuer', { iss: 'https://evil.example.com' }, {}],
    ['an expired token', { iat: -600, exp: -60 }, {}],
    ['a bad signature (a key Apple never published, same kid)', {}, { key: 'forged' as const }],
    ['an Apple token older than one hour', { iat: -2 * HOUR, exp: HOUR }, {}],
  ])('answers 401 INVALID_TOKEN "invalid token" for %s: no session, no user', async (_name, overrides: Record<string, unknown>, options) => {
    // Times are relative to now (the fakes mint on the gateway's clock).
    const times = Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, typeof value === 'number' ? nowSeconds() + value : value]));
    const claims = appleClaims(times);
    const body = await refused('apple', { token: await fakes.mintIdToken(claims, options) }, claims.email);
    expect(body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('answers 401 INVALID_TOKEN for a token that is not a JWT, and sets no cookie', async () => {
    const res = await idTokenSignIn('apple', { token: 'not.a.jwt' }).expect(401);
    expect(res.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 401 INVALID_TOKEN when the nonce does not match', async () => {
    const claims = appleClaims({ nonce: 'the-nonce' });
    const token = await fakes.mintIdToken(claims);
    expect(await refused('apple', { token, nonce: 'another-nonce' }, claims.email)).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    await idTokenSignIn('apple', { token, nonce: 'the-nonce' }).expect(200);
  });

  it.each([
    ['a Google token for another client', { aud: 'not-us' }],
    ['a Google token from another issuer', { iss: 'https://accounts.example.com' }],
    ['an expired Google token', { exp: -60 }],
  ])('answers 401 INVALID_TOKEN for %s: no session, no user', async (_name, overrides: Record<string, unknown>) => {
    const email = `${unique('g')}@example.com`;
    const times = Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, typeof value === 'number' ? nowSeconds() + value : value]));
    const token = await fakes.mintIdToken({ iss: 'https://accounts.google.com', aud: fakes.credentials('google').clientId, sub: unique('g'), email, email_verified: true, ...times });
    expect(await refused('google', { token }, email)).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('answers 401 INVALID_TOKEN for a Google token with a bad signature: no session, no user', async () => {
    const email = `${unique('g')}@example.com`;
    const token = await fakes.mintIdToken({ iss: 'https://accounts.google.com', aud: fakes.credentials('google').clientId, sub: unique('g'), email, email_verified: true }, { key: 'forged' });
    expect(await refused('google', { token }, email)).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('answers 400 JWK_WITH_KID_KID_NOT_FOUND for a key id the key set does not hold', async () => {
    const token = await fakes.mintIdToken(appleClaims(), { kid: 'unknown-kid' });
    const res = await idTokenSignIn('apple', { token }).expect(400);
    expect(res.body).toEqual({ code: 'JWK_WITH_KID_KID_NOT_FOUND', message: 'JWK with kid unknown-kid not found' });
  });

  it('answers 404 ID_TOKEN_NOT_SUPPORTED for a provider without id-token sign-in, 404 PROVIDER_NOT_FOUND for an unknown one', async () => {
    const token = await fakes.mintIdToken(appleClaims());
    expect((await idTokenSignIn('github', { token }).expect(404)).body).toEqual({ code: 'ID_TOKEN_NOT_SUPPORTED', message: 'id_token not supported' });
    expect((await idTokenSignIn('myspace', { token }).expect(404)).body).toEqual({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
  });

  it('answers 401 ACCOUNT_NOT_LINKED when the email belongs to a user and the token does not vouch for it', async () => {
    const { body } = await signUp(gateway);
    const token = await fakes.mintIdToken(appleClaims({ email: body.email, email_verified: 'false' }));
    const res = await idTokenSignIn('apple', { token }).expect(401);
    expect(res.body).toEqual({ code: 'ACCOUNT_NOT_LINKED', message: 'account not linked' });
  });

  it('answers 403 BANNED_USER for a banned user', async () => {
    const claims = appleClaims();
    const first = await idTokenSignIn('apple', { token: await fakes.mintIdToken(claims) }).expect(200);
    await gateway.container.get(TOKENS.UserRepository).update(first.body.user.id as string, { banned: true, banReason: 'spam' });
    const res = await idTokenSignIn('apple', { token: await fakes.mintIdToken(claims) }).expect(403);
    expect(res.body).toMatchObject({ code: 'BANNED_USER' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 VALIDATION_ERROR for an idToken without a token', async () => {
    const res = await idTokenSignIn('apple', { nonce: 'x' }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  });
});

describe('the tokens of a linked account', () => {
  const GITHUB_TOKEN_URL = 'https://github.com/login/oauth/access_token';

  /** A new user signed in with GitHub (the redirect flow), as a browser. */
  async function githubUser() {
    const id = 10_000 + counter++;
    const email = `${unique('gh')}@example.com`;
    fakes.setUser('github', { profile: { id, login: `gh${id}`, name: 'Token Holder', email, avatar_url: null }, emails: [{ email, primary: true, verified: true, visibility: null }] });
    try {
      const browser = new CookieJar();
      const res = await signInWith(gateway, fakes, browser, 'github');
      expect(res.status).toBe(302);
      return { browser, accountId: String(id) };
    } finally {
      fakes.setUser('github', {});
    }
  }

  it('answers the stored access token with its expiry and scopes, decrypted', async () => {
    const { browser, accountId } = await githubUser();
    const res = await post(gateway, '/get-access-token', browser, { providerId: 'github' }).expect(200);
    expect(res.body).toEqual({ accessToken: expect.stringMatching(/^[0-9a-f]{32}$/), accessTokenExpiresAt: expect.any(String), scopes: ['read:user', 'user:email'], idToken: null });
    const row = await gateway.container.get(TOKENS.Database).account.findFirstOrThrow({ where: { providerId: 'github', accountId } });
    expect(row.accessToken).toMatch(/^enc\.v1\./);
    expect(row.accessToken).not.toContain(res.body.accessToken);
    expect(row.refreshToken).toMatch(/^enc\.v1\./);
  });

  it('refreshes an expired access token first (refresh_token grant) and stores the new one', async () => {
    const { browser, accountId } = await githubUser();
    const before = (await post(gateway, '/get-access-token', browser, { providerId: 'github' }).expect(200)).body;
    const refreshes = fakes.requestsTo(GITHUB_TOKEN_URL).length;
    gateway.clock.advance(HOUR * 1000);
    const after = await post(gateway, '/get-access-token', browser, { providerId: 'github' }).expect(200);
    expect(after.body.accessToken).not.toBe(before.accessToken);
    expect(new Date(after.body.accessTokenExpiresAt as string).getTime()).toBe(gateway.clock.now().getTime() + HOUR * 1000);
    const requests = fakes.requestsTo(GITHUB_TOKEN_URL).slice(refreshes);
    expect(requests.map((r) => r.form.get('grant_type'))).toEqual(['refresh_token']);
    const row = await gateway.container.get(TOKENS.Database).account.findFirstOrThrow({ where: { providerId: 'github', accountId } });
    expect(new TokenCipher(SECRET).decrypt(row.accessToken!)).toBe(after.body.accessToken);
  });

  it('answers 400 FAILED_TO_GET_A_VALID_ACCESS_TOKEN when the expired token cannot be refreshed', async () => {
    const { browser } = await githubUser();
    gateway.clock.advance(HOUR * 1000);
    fakes.fail(GITHUB_TOKEN_URL, { status: 500, text: 'down' });
    const res = await post(gateway, '/get-access-token', browser, { providerId: 'github' }).expect(400);
    expect(res.body).toEqual({ code: 'FAILED_TO_GET_A_VALID_ACCESS_TOKEN', message: 'Failed to get a valid access token' });
  });

  it('POST /refresh-token refreshes now and answers every token', async () => {
    const { browser } = await githubUser();
    const res = await post(gateway, '/refresh-token', browser, { providerId: 'github' }).expect(200);
    expect(res.body).toEqual({
      accessToken: expect.stringMatching(/^[0-9a-f]{32}$/),
      refreshToken: expect.stringMatching(/^[0-9a-f]{32}$/),
      accessTokenExpiresAt: expect.any(String),
      refreshTokenExpiresAt: null,
      scopes: expect.any(Array),
      idToken: null,
      tokenType: 'Bearer',
    });
  });

  /** The refresh_token grants GitHub's token endpoint has seen since `from`. */
  const refreshGrants = (from: number) => fakes.requestsTo(GITHUB_TOKEN_URL).slice(from).filter((r) => r.form.get('grant_type') === 'refresh_token');

  /** Whether `done` turns true within `ms` (checked every 10 ms). */
  async function within(ms: number, done: () => boolean): Promise<boolean> {
    for (const end = Date.now() + ms; Date.now() < end; ) {
      if (done()) return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return done();
  }

  /**
   * Two calls of `path` in flight at once: the provider holds the first one's refresh until the
   * second has had ample time to reach its own (a double spend shows as a second grant).
   */
  async function twiceAtOnce(browser: CookieJar, path: string, from: number) {
    const release = fakes.hold(GITHUB_TOKEN_URL);
    try {
      const first = post(gateway, path, browser, { providerId: 'github' }).then((res) => res);
      expect(await within(10_000, () => refreshGrants(from).length === 1)).toBe(true);
      const second = post(gateway, path, browser, { providerId: 'github' }).then((res) => res);
      await within(1_500, () => refreshGrants(from).length > 1);
      release();
      return await Promise.all([first, second]);
    } finally {
      release();
    }
  }

  it('spends a rotating refresh token once when POST /refresh-token is called twice at once: both get the same new tokens', async () => {
    const { browser, accountId } = await githubUser();
    const from = fakes.requestsTo(GITHUB_TOKEN_URL).length;
    // The fake, like the providers that rotate them, accepts each refresh token once.
    const [a, b] = await twiceAtOnce(browser, '/refresh-token', from);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(refreshGrants(from)).toHaveLength(1);
    const row = await gateway.container.get(TOKENS.Database).account.findFirstOrThrow({ where: { providerId: 'github', accountId } });
    expect(new TokenCipher(SECRET).decrypt(row.refreshToken!)).toBe(a.body.refreshToken);
    // The new refresh token is the live one: the next refresh works.
    await post(gateway, '/refresh-token', browser, { providerId: 'github' }).expect(200);
    expect(refreshGrants(from)).toHaveLength(2);
  });

  it('refreshes an expired access token once when POST /get-access-token is called twice at once, and never answers the refresh token', async () => {
    const { browser } = await githubUser();
    gateway.clock.advance(HOUR * 1000);
    const from = fakes.requestsTo(GITHUB_TOKEN_URL).length;
    const [a, b] = await twiceAtOnce(browser, '/get-access-token', from);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(Object.keys(a.body).sort()).toEqual(['accessToken', 'accessTokenExpiresAt', 'idToken', 'scopes']);
    expect(refreshGrants(from)).toHaveLength(1);
  });

  it('answers 400 PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING for facebook', async () => {
    fakes.setUser('facebook', { id: unique('fb'), email: `${unique('fb')}@example.com` });
    try {
      const browser = new CookieJar();
      await signInWith(gateway, fakes, browser, 'facebook');
      const res = await post(gateway, '/refresh-token', browser, { providerId: 'facebook' }).expect(400);
      expect(res.body).toEqual({ code: 'PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING', message: 'Provider does not support token refreshing' });
    } finally {
      fakes.setUser('facebook', {});
    }
  });

  it("uses the caller's own accounts over HTTP: another userId in the body is not honoured", async () => {
    const holder = await githubUser();
    const holderId = (await get(gateway, '/get-session', holder.browser).expect(200)).body.user.id as string;
    const { cookie } = await signUp(gateway);
    const res = await post(gateway, '/get-access-token', new CookieJar(cookie), { providerId: 'github', userId: holderId }).expect(400);
    expect(res.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
    const refresh = await post(gateway, '/refresh-token', new CookieJar(cookie), { providerId: 'github', userId: holderId }).expect(400);
    expect(refresh.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
  });

  it('POST /account-info answers the provider profile of an account, by its id or the provider account id', async () => {
    const { browser, accountId } = await githubUser();
    const [account] = (await get(gateway, '/list-accounts', browser).expect(200)).body as { id: string }[];
    for (const id of [account!.id, accountId]) {
      const res = await post(gateway, '/account-info', browser, { accountId: id }).expect(200);
      expect(res.body.user).toMatchObject({ id: accountId, name: 'Token Holder', emailVerified: true });
      expect(res.body.data).toMatchObject({ id: Number(accountId), login: `gh${accountId}` });
    }
    const unknown = await post(gateway, '/account-info', browser, { accountId: 'nope' }).expect(400);
    expect(unknown.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
  });

  it('answers 401 FAILED_TO_GET_USER_INFO when the provider profile cannot be read', async () => {
    const { browser, accountId } = await githubUser();
    fakes.fail('https://api.github.com/user', { status: 500, json: {} });
    const res = await post(gateway, '/account-info', browser, { accountId }).expect(401);
    expect(res.body).toEqual({ code: 'FAILED_TO_GET_USER_INFO', message: 'Failed to get user info' });
  });

  it.each(['/get-access-token', '/refresh-token', '/account-info'])('answers 401 on %s without a session', async (path) => {
    const res = await gateway.http.post(`${BASE}${path}`).send({ providerId: 'github', accountId: 'x' }).expect(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('answers 404 PROVIDER_NOT_FOUND for a provider that is not enabled', async () => {
    const { browser } = await githubUser();
    const res = await post(gateway, '/get-access-token', browser, { providerId: 'myspace' }).expect(404);
    expect(res.body).toEqual({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
  });
});
