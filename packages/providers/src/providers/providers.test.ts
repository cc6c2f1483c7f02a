import { FAKE_DEFINITIONS, FAKE_PHOTO, startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness, TEST_AUTH_BASE_URL, TEST_SECRET } from '../testing/provider-harness.js';
import { PROVIDER_IDS, type ProviderId, type ProviderUser } from '../oauth-provider.port.js';
import { TokenCipher } from '../token-cipher.js';

interface Case {
  /** Host and path of the authorization endpoint. */
  authorize: string;
  scopes: string[];
  pkce: boolean;
  /** The provider's login-hint parameter, or null when it has none. */
  loginHint: string | null;
  params?: Record<string, string>;
  clientAuth: 'post' | 'basic' | 'client_key';
  expected: ProviderUser;
}

const CASES: Record<ProviderId, Case> = {
  apple: {
    authorize: 'appleid.apple.com/auth/authorize',
    scopes: ['email', 'name'],
    pkce: false,
    loginHint: null,
    params: { response_mode: 'form_post' },
    clientAuth: 'post',
    expected: { id: '001234.abcdef0123456789abcdef.1234', name: 'Tim Apple', email: 'tim@privaterelay.appleid.com', emailVerified: true, image: null },
  },
  discord: {
    authorize: 'discord.com/api/oauth2/authorize',
    scopes: ['identify', 'email'],
    pkce: false,
    loginHint: null,
    params: { prompt: 'none' },
    clientAuth: 'post',
    expected: {
      id: '80351110224678912',
      name: 'Nelly',
      email: 'nelly@example.com',
      emailVerified: true,
      image: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    },
  },
  facebook: {
    authorize: 'www.facebook.com/v21.0/dialog/oauth',
    scopes: ['email', 'public_profile'],
    pkce: false,
    loginHint: 'login_hint',
    clientAuth: 'post',
    expected: { id: '10158000000000001', name: 'Mark Example', email: 'mark@example.com', emailVerified: false, image: 'https://platform-lookaside.fbsbx.com/mark.jpg' },
  },
  github: {
    authorize: 'github.com/login/oauth/authorize',
    scopes: ['read:user', 'user:email'],
    pkce: true,
    loginHint: 'login',
    clientAuth: 'post',
    expected: { id: '1001', name: 'Mona Octocat', email: 'mona@example.com', emailVerified: true, image: 'https://avatars.githubusercontent.com/u/1001' },
  },
  microsoft: {
    authorize: 'login.microsoftonline.com/common/oauth2/v2.0/authorize',
    scopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
    pkce: true,
    loginHint: 'login_hint',
    clientAuth: 'post',
    expected: {
      id: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      image: `data:image/png;base64,${Buffer.from(FAKE_PHOTO).toString('base64')}`,
    },
  },
  google: {
    authorize: 'accounts.google.com/o/oauth2/v2/auth',
    scopes: ['email', 'profile', 'openid'],
    pkce: true,
    loginHint: 'login_hint',
    params: { include_granted_scopes: 'true' },
    clientAuth: 'post',
    expected: { id: '110248495921238986420', name: 'Grace Hopper', email: 'grace@example.com', emailVerified: true, image: 'https://lh3.googleusercontent.com/a/grace' },
  },
  spotify: {
    authorize: 'accounts.spotify.com/authorize',
    scopes: ['user-read-email'],
    pkce: true,
    loginHint: null,
    clientAuth: 'post',
    expected: { id: 'smedjan', name: 'Smedjan', email: 'smedjan@example.com', emailVerified: false, image: 'https://i.scdn.co/image/smedjan' },
  },
  twitch: {
    authorize: 'id.twitch.tv/oauth2/authorize',
    scopes: ['user:read:email', 'openid'],
    pkce: false,
    loginHint: null,
    params: { claims: JSON.stringify({ id_token: { email: null, email_verified: null, preferred_username: null, picture: null } }) },
    clientAuth: 'post',
    expected: { id: '713936733', name: 'streamer', email: 'streamer@example.com', emailVerified: true, image: 'https://static-cdn.jtvnw.net/streamer.png' },
  },
  twitter: {
    authorize: 'x.com/i/oauth2/authorize',
    scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
    pkce: true,
    loginHint: null,
    clientAuth: 'basic',
    expected: { id: '2244994945', name: 'Dev Platform', email: 'dev@example.com', emailVerified: true, image: 'https://pbs.twimg.com/profile_images/dev_normal.jpg' },
  },
  dropbox: {
    authorize: 'www.dropbox.com/oauth2/authorize',
    scopes: ['account_info.read'],
    pkce: true,
    loginHint: null,
    clientAuth: 'post',
    expected: {
      id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
      name: 'Franz Ferdinand (Personal)',
      email: 'franz@example.com',
      emailVerified: true,
      image: 'https://dl-web.dropbox.com/account_photo/get/franz',
    },
  },
  kick: {
    authorize: 'id.kick.com/oauth/authorize',
    scopes: ['user:read'],
    pkce: true,
    loginHint: null,
    clientAuth: 'post',
    expected: { id: '4377088', name: 'kicker', email: 'kicker@example.com', emailVerified: false, image: 'https://files.kick.com/images/kicker.webp' },
  },
  linkedin: {
    authorize: 'www.linkedin.com/oauth/v2/authorization',
    scopes: ['profile', 'email', 'openid'],
    pkce: false,
    loginHint: 'login_hint',
    clientAuth: 'post',
    expected: { id: '782bbtaQ', name: 'John Doe', email: 'john@example.com', emailVerified: true, image: 'https://media.licdn.com/dms/image/john' },
  },
  gitlab: {
    authorize: 'gitlab.com/oauth/authorize',
    scopes: ['read_user'],
    pkce: true,
    loginHint: 'login_hint',
    clientAuth: 'post',
    expected: { id: '4242', name: 'Tanuki Fox', email: 'tanuki@example.com', emailVerified: true, image: 'https://gitlab.com/uploads/-/system/user/avatar/4242/avatar.png' },
  },
  tiktok: {
    authorize: 'www.tiktok.com/v2/auth/authorize/',
    scopes: ['user.info.profile'],
    pkce: false,
    loginHint: null,
    clientAuth: 'client_key',
    expected: { id: '-000OjHPBDjW1ioTCwJ5ecvYBPVHrsa9rtQ3', name: 'Tik Toker', email: null, emailVerified: false, image: 'https://p16-sign.tiktokcdn.com/tiktoker.jpeg' },
  },
  reddit: {
    authorize: 'www.reddit.com/api/v1/authorize',
    scopes: ['identity'],
    pkce: false,
    loginHint: null,
    clientAuth: 'basic',
    expected: { id: 'abc12', name: 'snoo', email: null, emailVerified: false, image: 'https://styles.redditmedia.com/t5_snoo/snoo.png' },
  },
  roblox: {
    authorize: 'apis.roblox.com/oauth/v1/authorize',
    scopes: ['openid', 'profile'],
    pkce: false,
    loginHint: null,
    params: { prompt: 'select_account consent' },
    clientAuth: 'post',
    expected: { id: '1516563360', name: 'Builder', email: null, emailVerified: false, image: 'https://tr.rbxcdn.com/builder.png' },
  },
  vk: {
    authorize: 'id.vk.com/authorize',
    scopes: ['email', 'phone'],
    pkce: true,
    loginHint: null,
    clientAuth: 'post',
    expected: { id: '1234567890', name: 'Ivan Ivanov', email: 'ivan@example.com', emailVerified: false, image: 'https://sun1.userapi.com/ivan.jpg' },
  },
  zoom: {
    authorize: 'zoom.us/oauth/authorize',
    scopes: [],
    pkce: true,
    loginHint: null,
    clientAuth: 'basic',
    expected: { id: 'KdYKjnimT4KPd8FFgQt9FQ', name: 'Jill Chill', email: 'jill@example.com', emailVerified: true, image: 'https://example.zoom.us/p/jill' },
  },
};

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());

describe.each(PROVIDER_IDS.map((id) => [id, CASES[id]] as const))('%s', (id, spec) => {
  const tokenURL = FAKE_DEFINITIONS[id].token.replace('*', 'common');

  it('builds the authorization URL: endpoint, client, state, default and requested scopes, redirect URI, PKCE, login hint', async () => {
    const harness = createProviderHarness({ fakes });
    const started = await harness.useCases.startSocialSignIn.execute({ provider: id, callbackURL: '/dashboard', scopes: ['extra.scope'], loginHint: 'someone@example.com' });
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fakes.baseURL}/${spec.authorize}`);
    const q = url.searchParams;
    expect(q.get(spec.clientAuth === 'client_key' ? 'client_key' : 'client_id')).toBe(fakes.credentials(id).clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('state')).toBe(started.state);
    expect(started.state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(q.get('redirect_uri')).toBe(`${TEST_AUTH_BASE_URL}/callback/${id}`);
    expect(q.get('scope')?.split(id === 'tiktok' ? ',' : ' ')).toEqual([...spec.scopes, 'extra.scope']);
    expect(q.get('code_challenge_method')).toBe(spec.pkce ? 'S256' : null);
    expect(q.get('code_challenge') !== null).toBe(spec.pkce);
    for (const param of ['login_hint', 'login']) expect(q.get(param)).toBe(param === spec.loginHint ? 'someone@example.com' : null);
    for (const [key, value] of Object.entries(spec.params ?? {})) expect(q.get(key)).toBe(value);
  });

  it('exchanges the code with a form (grant_type, code, code_verifier, redirect_uri, client credentials), maps the profile and signs the new user in', async () => {
    const harness = createProviderHarness({ fakes, placeholderEmailDomain: 'users.tend.invalid' });
    const before = fakes.requestsTo(tokenURL).length;
    const result = await harness.signIn(id);

    const exchange = fakes.requestsTo(tokenURL).slice(before)[0];
    expect(exchange?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(exchange?.form.get('grant_type')).toBe('authorization_code');
    expect(exchange?.form.get('code')).toBeTruthy();
    expect(exchange?.form.get('redirect_uri')).toBe(`${TEST_AUTH_BASE_URL}/callback/${id}`);
    expect(exchange?.form.get('code_verifier')?.length ?? 0).toBe(spec.pkce ? 128 : 0);
    const { clientId, clientSecret } = fakes.credentials(id);
    if (spec.clientAuth === 'basic') expect(exchange?.headers.authorization).toBe(`Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`);
    else expect(exchange?.form.get(spec.clientAuth === 'client_key' ? 'client_key' : 'client_id')).toBe(clientId);
    if (spec.clientAuth !== 'basic') expect(exchange?.form.get('client_secret')).toBe(clientSecret);

    expect(result.outcome).toBe('signed-in');
    if (result.outcome !== 'signed-in') return;
    const email = spec.expected.email ?? `${id}-${spec.expected.id}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-') + '@users.tend.invalid';
    expect(result).toMatchObject({ isNewUser: true, redirectTo: '/welcome' });
    expect(result.user).toMatchObject({ email, name: spec.expected.name, emailVerified: spec.expected.emailVerified, image: spec.expected.image });
    expect(result.signIn.kind === 'session' && result.signIn.session.userId).toBe(result.user.id);

    const [account] = await harness.accounts.listByUser(result.user.id);
    expect(account).toMatchObject({ providerId: id, accountId: spec.expected.id, userId: result.user.id });
    expect(account?.accessToken).toMatch(/^enc\.v1\./);
    expect(new TokenCipher(TEST_SECRET).decrypt(account?.accessToken ?? '')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads the profile again with the stored token (account-info)', async () => {
    const harness = createProviderHarness({ fakes, placeholderEmailDomain: 'users.tend.invalid' });
    const result = await harness.signIn(id);
    const [account] = await harness.accounts.listByUser(result.user.id);
    const info = await harness.useCases.accountInfo.execute({ userId: result.user.id, accountId: account?.id ?? '' });
    // Apple posts the name once, on the first authorization only.
    expect(info.user).toEqual({ ...spec.expected, name: id === 'apple' ? '' : spec.expected.name });
  });

  it(id === 'facebook' ? 'has no token refresh' : 'refreshes the access token with the refresh_token grant', async () => {
    const harness = createProviderHarness({ fakes, placeholderEmailDomain: 'users.tend.invalid' });
    const result = await harness.signIn(id);
    const before = fakes.requestsTo(tokenURL).length;
    const refreshing = harness.useCases.refreshToken.execute({ userId: result.user.id, providerId: id });
    if (id === 'facebook') {
      await expect(refreshing).rejects.toMatchObject({ status: 400, code: 'PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING' });
      return;
    }
    const refreshed = await refreshing;
    const request = fakes.requestsTo(tokenURL).slice(before)[0];
    expect(request?.form.get('grant_type')).toBe('refresh_token');
    expect(request?.form.get('refresh_token')).toMatch(/^[0-9a-f]{32}$/);
    const [account] = await harness.accounts.listByUser(result.user.id);
    expect(new TokenCipher(TEST_SECRET).decrypt(account?.accessToken ?? '')).toBe(refreshed.accessToken);
    expect(refreshed.accessTokenExpiresAt?.getTime()).toBe(harness.clock.now().getTime() + 3600 * 1000);
  });
});
