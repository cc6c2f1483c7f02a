// The redirect flow of all 18 providers over HTTP: POST /sign-in/social -> the provider's
// authorization URL -> (the fake provider) -> GET /callback/{id} -> the session.
import { createHash } from 'node:crypto';
import { PROVIDER_IDS, TokenCipher, type ProviderId } from '@tend/providers';
import { FAKE_PHOTO, startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { TOKENS } from '../src/tokens.js';
import { BASE, CookieJar, errorOf, get, ORIGIN, post, providerConfig, returnFrom, SECRET, SESSION_COOKIE, signInWith, start, startGateway, STATE_COOKIE, type TestGateway } from './harness/index.js';

interface Expected {
  /** Host and path of the authorization endpoint. */
  authorize: string;
  scopes: string[];
  pkce: boolean;
  /** The profile mapped onto the new user. */
  user: { name: string; email: string; emailVerified: boolean; image: string | null };
  /** The provider's account id. */
  accountId: string;
}

const PLACEHOLDER = 'users.tend.invalid';
const placeholder = (id: ProviderId, accountId: string) => `${id}-${accountId}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-') + `@${PLACEHOLDER}`;

const EXPECTED: Record<ProviderId, Expected> = {
  apple: {
    authorize: 'appleid.apple.com/auth/authorize',
    scopes: ['email', 'name'],
    pkce: false,
    accountId: '001234.abcdef0123456789abcdef.1234',
    user: { name: 'Tim Apple', email: 'tim@privaterelay.appleid.com', emailVerified: true, image: null },
  },
  discord: {
    authorize: 'discord.com/api/oauth2/authorize',
    scopes: ['identify', 'email'],
    pkce: false,
    accountId: '80351110224678912',
    user: { name: 'Nelly', email: 'nelly@example.com', emailVerified: true, image: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png' },
  },
  facebook: {
    authorize: 'www.facebook.com/v21.0/dialog/oauth',
    scopes: ['email', 'public_profile'],
    pkce: false,
    accountId: '10158000000000001',
    user: { name: 'Mark Example', email: 'mark@example.com', emailVerified: false, image: 'https://platform-lookaside.fbsbx.com/mark.jpg' },
  },
  github: {
    authorize: 'github.com/login/oauth/authorize',
    scopes: ['read:user', 'user:email'],
    pkce: true,
    accountId: '1001',
    user: { name: 'Mona Octocat', email: 'mona@example.com', emailVerified: true, image: 'https://avatars.githubusercontent.com/u/1001' },
  },
  microsoft: {
    authorize: 'login.microsoftonline.com/common/oauth2/v2.0/authorize',
    scopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
    pkce: true,
    accountId: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
    user: { name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true, image: `data:image/png;base64,${Buffer.from(FAKE_PHOTO).toString('base64')}` },
  },
  google: {
    authorize: 'accounts.google.com/o/oauth2/v2/auth',
    scopes: ['email', 'profile', 'openid'],
    pkce: true,
    accountId: '110248495921238986420',
    user: { name: 'Grace Hopper', email: 'grace@example.com', emailVerified: true, image: 'https://lh3.googleusercontent.com/a/grace' },
  },
  spotify: {
    authorize: 'accounts.spotify.com/authorize',
    scopes: ['user-read-email'],
    pkce: true,
    accountId: 'smedjan',
    user: { name: 'Smedjan', email: 'smedjan@example.com', emailVerified: false, image: 'https://i.scdn.co/image/smedjan' },
  },
  twitch: {
    authorize: 'id.twitch.tv/oauth2/authorize',
    scopes: ['user:read:email', 'openid'],
    pkce: false,
    accountId: '713936733',
    user: { name: 'streamer', email: 'streamer@example.com', emailVerified: true, image: 'https://static-cdn.jtvnw.net/streamer.png' },
  },
  twitter: {
    authorize: 'x.com/i/oauth2/authorize',
    scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
    pkce: true,
    accountId: '2244994945',
    user: { name: 'Dev Platform', email: 'dev@example.com', emailVerified: true, image: 'https://pbs.twimg.com/profile_images/dev_normal.jpg' },
  },
  dropbox: {
    authorize: 'www.dropbox.com/oauth2/authorize',
    scopes: ['account_info.read'],
    pkce: true,
    accountId: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
    user: { name: 'Franz Ferdinand (Personal)', email: 'franz@example.com', emailVerified: true, image: 'https://dl-web.dropbox.com/account_photo/get/franz' },
  },
  kick: {
    authorize: 'id.kick.com/oauth/authorize',
    scopes: ['user:read'],
    pkce: true,
    accountId: '4377088',
    user: { name: 'kicker', email: 'kicker@example.com', emailVerified: false, image: 'https://files.kick.com/images/kicker.webp' },
  },
  linkedin: {
    authorize: 'www.linkedin.com/oauth/v2/authorization',
    scopes: ['profile', 'email', 'openid'],
    pkce: false,
    accountId: '782bbtaQ',
    user: { name: 'John Doe', email: 'john@example.com', emailVerified: true, image: 'https://media.licdn.com/dms/image/john' },
  },
  gitlab: {
    authorize: 'gitlab.com/oauth/authorize',
    scopes: ['read_user'],
    pkce: true,
    accountId: '4242',
    user: { name: 'Tanuki Fox', email: 'tanuki@example.com', emailVerified: true, image: 'https://gitlab.com/uploads/-/system/user/avatar/4242/avatar.png' },
  },
  tiktok: {
    authorize: 'www.tiktok.com/v2/auth/authorize/',
    scopes: ['user.info.profile'],
    pkce: false,
    accountId: '-000OjHPBDjW1ioTCwJ5ecvYBPVHrsa9rtQ3',
    user: { name: 'Tik Toker', email: placeholder('tiktok', '-000OjHPBDjW1ioTCwJ5ecvYBPVHrsa9rtQ3'), emailVerified: false, image: 'https://p16-sign.tiktokcdn.com/tiktoker.jpeg' },
  },
  reddit: {
    authorize: 'www.reddit.com/api/v1/authorize',
    scopes: ['identity'],
    pkce: false,
    accountId: 'abc12',
    user: { name: 'snoo', email: placeholder('reddit', 'abc12'), emailVerified: false, image: 'https://styles.redditmedia.com/t5_snoo/snoo.png' },
  },
  roblox: {
    authorize: 'apis.roblox.com/oauth/v1/authorize',
    scopes: ['openid', 'profile'],
    pkce: false,
    accountId: '1516563360',
    user: { name: 'Builder', email: placeholder('roblox', '1516563360'), emailVerified: false, image: 'https://tr.rbxcdn.com/builder.png' },
  },
  vk: {
    authorize: 'id.vk.com/authorize',
    scopes: ['email', 'phone'],
    pkce: true,
    accountId: '1234567890',
    user: { name: 'Ivan Ivanov', email: 'ivan@example.com', emailVerified: false, image: 'https://sun1.userapi.com/ivan.jpg' },
  },
  zoom: {
    authorize: 'zoom.us/oauth/authorize',
    scopes: [],
    pkce: true,
    accountId: 'KdYKjnimT4KPd8FFgQt9FQ',
    user: { name: 'Jill Chill', email: 'jill@example.com', emailVerified: true, image: 'https://example.zoom.us/p/jill' },
  },
};

let fakes: FakeProviders;
let gateway: TestGateway;
beforeAll(async () => {
  fakes = await startFakeProviders();
  gateway = await startGateway(providerConfig(fakes, { placeholderEmailDomain: PLACEHOLDER }));
});
afterAll(async () => {
  await gateway.close();
  await fakes.close();
});

describe.each(PROVIDER_IDS.map((id) => [id, EXPECTED[id]] as const))('the %s redirect flow', (id, expected) => {
  it('answers the authorization URL: endpoint, client, redirect URI, state, scopes, PKCE; and sets the binding cookie', async () => {
    const browser = new CookieJar();
    const res = await post(gateway, '/sign-in/social', browser, { provider: id, callbackURL: '/dashboard' }).expect(200);
    expect(res.body).toEqual({ url: expect.any(String), redirect: true });
    const [binding, ...others] = res.headers['set-cookie'] as unknown as string[];
    expect(others).toEqual([]);
    expect(binding).toMatch(new RegExp(`^${STATE_COOKIE.replace('.', '\\.')}=[A-Za-z0-9]{32}\\.[^;]+;`));
    expect(binding?.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=600', 'Path=/', 'SameSite=Lax']);

    const url = new URL(res.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${fakes.baseURL}/${expected.authorize}`);
    const q = url.searchParams;
    expect(q.get(id === 'tiktok' ? 'client_key' : 'client_id')).toBe(fakes.credentials(id).clientId);
    expect(q.get('redirect_uri')).toBe(`${ORIGIN}${BASE}/callback/${id}`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('state')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((q.get('scope') ?? '').split(id === 'tiktok' ? ',' : ' ').filter(Boolean)).toEqual(expected.scopes);
    expect(q.get('code_challenge_method')).toBe(expected.pkce ? 'S256' : null);
    expect(q.get('code_challenge')).toEqual(expected.pkce ? expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) : null);
  });

  it('signs the new user up: 302 to newUserCallbackURL with the session cookie; get-session shows the mapped profile', async () => {
    const browser = new CookieJar();
    const res = await signInWith(gateway, fakes, browser, id);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/welcome');
    expect(browser.has(SESSION_COOKIE)).toBe(true);

    const session = await get(gateway, '/get-session', browser).expect(200);
    expect(session.body.user).toMatchObject(expected.user);
    const accounts = await get(gateway, '/list-accounts', browser).expect(200);
    expect(accounts.body).toEqual([{ id: expect.any(String), providerId: id, accountId: expected.accountId, scopes: expect.any(Array), createdAt: expect.any(String), updatedAt: expect.any(String) }]);

    // The same provider account again, in another browser: the same user, to callbackURL.
    const other = new CookieJar();
    const again = await signInWith(gateway, fakes, other, id);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('/dashboard');
    const second = await get(gateway, '/get-session', other).expect(200);
    expect(second.body.user.id).toBe(session.body.user.id);
  });
});

describe('the code exchange and the stored tokens', () => {
  it('sends the PKCE verifier whose S256 is the challenge, and stores the tokens encrypted', async () => {
    const browser = new CookieJar();
    const url = await start(gateway, browser, { provider: 'gitlab', callbackURL: '/dashboard' });
    fakes.setUser('gitlab', { id: 777, email: 'pkce@example.com', username: 'pkce' });
    try {
      const tokenRequests = fakes.requestsTo('https://gitlab.com/oauth/token').length;
      const res = await returnFrom(gateway, browser, 'gitlab', await fakes.authorize(url.toString()));
      expect(res.status).toBe(302);
      const exchange = fakes.requestsTo('https://gitlab.com/oauth/token')[tokenRequests]!;
      expect(exchange.form.get('grant_type')).toBe('authorization_code');
      expect(exchange.form.get('redirect_uri')).toBe(`${ORIGIN}${BASE}/callback/gitlab`);
      const verifier = exchange.form.get('code_verifier') ?? '';
      expect(verifier).toHaveLength(128);
      expect(createHash('sha256').update(verifier).digest('base64url')).toBe(url.searchParams.get('code_challenge'));

      const token = await post(gateway, '/get-access-token', browser, { providerId: 'gitlab' }).expect(200);
      const row = await gateway.container.get(TOKENS.Database).account.findFirstOrThrow({ where: { providerId: 'gitlab', accountId: '777' } });
      expect(row.accessToken).toMatch(/^enc\.v1\./);
      expect(row.accessToken).not.toContain(token.body.accessToken);
      expect(row.refreshToken).toMatch(/^enc\.v1\./);
      expect(new TokenCipher(SECRET).decrypt(row.accessToken!)).toBe(token.body.accessToken);
    } finally {
      fakes.setUser('gitlab', {});
    }
  });
});

describe('Apple’s form post', () => {
  it('answers POST /callback/apple with 302 to GET /callback/apple carrying the same fields', async () => {
    const res = await gateway.http
      .post(`${BASE}/callback/apple`)
      .type('form')
      .send({ state: 'S'.repeat(32), code: 'c0de', user: '{"name":{"firstName":"Tim"}}', requestSignUp: 'true' })
      .expect(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}${BASE}/callback/apple`);
    expect(Object.fromEntries(location.searchParams)).toEqual({ state: 'S'.repeat(32), code: 'c0de', user: '{"name":{"firstName":"Tim"}}', requestSignUp: 'true' });
  });

  it('accepts the post from Apple’s own origin (it only redirects; the state is bound to the browser)', async () => {
    const res = await gateway.http
      .post(`${BASE}/callback/apple`)
      .set('Origin', 'https://appleid.apple.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ state: 'S'.repeat(32), code: 'c0de' })
      .expect(302);
    expect(new URL(res.headers.location as string).pathname).toBe(`${BASE}/callback/apple`);
    // Every other state-changing route still refuses that origin.
    await gateway.http.post(`${BASE}/sign-in/social`).set('Origin', 'https://appleid.apple.com').send({ provider: 'apple' }).expect(403);
  });

  it('refuses a form field holding a NUL byte with 400 VALIDATION_ERROR', async () => {
    const res = await gateway.http.post(`${BASE}/callback/apple`).type('form').send('state=a%00b').expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  });
});

describe('POST /sign-in/social', () => {
  it('answers redirect false with disableRedirect, and passes the login hint', async () => {
    const res = await post(gateway, '/sign-in/social', new CookieJar(), { provider: 'google', callbackURL: '/x', disableRedirect: true, loginHint: 'grace@example.com', scopes: ['https://www.googleapis.com/auth/drive.readonly'] }).expect(200);
    expect(res.body.redirect).toBe(false);
    const url = new URL(res.body.url as string);
    expect(url.searchParams.get('login_hint')).toBe('grace@example.com');
    expect(url.searchParams.get('scope')).toBe('email profile openid https://www.googleapis.com/auth/drive.readonly');
  });

  it('keeps one binding per browser: a second sign-in reuses the cookie value', async () => {
    const browser = new CookieJar();
    await start(gateway, browser, { provider: 'github', callbackURL: '/a' });
    const first = browser.get(STATE_COOKIE);
    await start(gateway, browser, { provider: 'google', callbackURL: '/b' });
    expect(browser.get(STATE_COOKIE)).toBe(first);
  });

  it.each(['myspace', 'credential'])('answers 404 PROVIDER_NOT_FOUND for %s', async (provider) => {
    const res = await post(gateway, '/sign-in/social', new CookieJar(), { provider, callbackURL: '/' }).expect(404);
    expect(res.body).toEqual({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['callbackURL', 'INVALID_CALLBACKURL'],
    ['errorCallbackURL', 'INVALID_ERRORCALLBACKURL'],
    ['newUserCallbackURL', 'INVALID_NEWUSERCALLBACKURL'],
  ])('answers 403 Invalid %s for an untrusted URL', async (field, code) => {
    const res = await post(gateway, '/sign-in/social', new CookieJar(), { provider: 'github', [field]: 'https://evil.example/x' }).expect(403);
    expect(res.body).toEqual({ code, message: `Invalid ${field}` });
  });

  it('defaults callbackURL to the base URL', async () => {
    const browser = new CookieJar();
    fakes.setUser('github', { profile: { id: 4711, login: 'dflt', name: 'Default', email: 'default-callback@example.com', avatar_url: null } });
    try {
      const url = await start(gateway, browser, { provider: 'github' });
      const res = await returnFrom(gateway, browser, 'github', await fakes.authorize(url.toString()));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(ORIGIN);
    } finally {
      fakes.setUser('github', {});
    }
  });
});

describe('GET /sign-in/providers', () => {
  it('lists the enabled providers with their names', async () => {
    const res = await gateway.http.get(`${BASE}/sign-in/providers`).expect(200);
    expect(res.body.providers.map((p: { id: string }) => p.id)).toEqual([...PROVIDER_IDS]);
    expect(res.body.providers).toContainEqual({ id: 'github', name: 'GitHub' });
  });

  it('lists only the configured ones, and the others are not found', async () => {
    const some = await startGateway(providerConfig(fakes, { settings: fakes.settings(['google', 'apple']) }));
    try {
      const res = await some.http.get(`${BASE}/sign-in/providers`).expect(200);
      expect(res.body.providers.map((p: { id: string }) => p.id)).toEqual(['apple', 'google']);
      const refused = await post(some, '/sign-in/social', new CookieJar(), { provider: 'github', callbackURL: '/' }).expect(404);
      expect(refused.body).toEqual({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
    } finally {
      await some.close();
    }
  });
});

describe('without a base URL', () => {
  it('answers 400 CALLBACKURL_IS_REQUIRED when the sign-in names no callbackURL', async () => {
    const bare = await startGateway(providerConfig(fakes, {}, { baseURL: null }));
    try {
      const res = await bare.http.post(`${BASE}/sign-in/social`).send({ provider: 'github' }).expect(400);
      expect(res.body).toEqual({ code: 'CALLBACKURL_IS_REQUIRED', message: 'callbackURL is required' });
    } finally {
      await bare.close();
    }
  });
});

it('never answers a failed callback with JSON: an unknown provider id with a state ends on the error page', async () => {
  const res = await gateway.http.get(`${BASE}/callback/myspace?state=${'a'.repeat(32)}&code=x`).expect(302);
  expect(errorOf(res)).toBe('please_restart_the_process');
});
