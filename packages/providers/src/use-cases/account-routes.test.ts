import { CREDENTIAL_PROVIDER, newAccount } from '@tend/identity';
import { startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness, TEST_AUTH_BASE_URL, TEST_SECRET } from '../testing/provider-harness.js';
import { createProviderUseCases } from '../wiring.js';

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());
afterEach(() => fakes.clearFailures());

async function signedIn(provider: 'github' | 'google' | 'discord' = 'google', options: Parameters<typeof createProviderHarness>[0] | null = null) {
  const harness = createProviderHarness(options ?? { fakes });
  const result = await harness.signIn(provider);
  if (result.outcome !== 'signed-in') throw new Error('expected a sign-in');
  if (result.signIn.kind !== 'session') throw new Error('expected a session');
  return { harness, user: result.user, session: result.signIn.session };
}

describe('GetAccessToken', () => {
  it('answers the stored access token while it is valid, without calling the provider', async () => {
    const { harness, user } = await signedIn('google');
    const before = fakes.requestsTo('https://oauth2.googleapis.com/token').length;
    const tokens = await harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'google' });
    expect(tokens.accessToken).toMatch(/^[0-9a-f]{32}$/);
    expect(tokens.scopes).toEqual(['email', 'profile', 'openid']);
    expect(tokens.idToken?.split('.')).toHaveLength(3);
    expect(fakes.requestsTo('https://oauth2.googleapis.com/token')).toHaveLength(before);
  });

  it('refreshes first when the access token expires in under 5 seconds, and stores the new one', async () => {
    const { harness, user } = await signedIn('google');
    const first = await harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'google' });
    harness.clock.advance(3600 * 1000 - 4000);
    const second = await harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'google' });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.accessTokenExpiresAt?.getTime()).toBe(harness.clock.now().getTime() + 3600 * 1000);
    const third = await harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'google' });
    expect(third.accessToken).toBe(second.accessToken);
  });

  it('answers 400 FAILED_TO_GET_A_VALID_ACCESS_TOKEN when the refresh fails', async () => {
    const { harness, user } = await signedIn('google');
    harness.clock.advance(3600 * 1000);
    fakes.fail('https://oauth2.googleapis.com/token', { status: 400, json: { error: 'invalid_grant' } });
    await expect(harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'google' })).rejects.toMatchObject({ status: 400, code: 'FAILED_TO_GET_A_VALID_ACCESS_TOKEN' });
  });

  it('answers 400 ACCOUNT_NOT_FOUND without an account of that provider, and 404 PROVIDER_NOT_FOUND for an unknown provider', async () => {
    const { harness, user } = await signedIn('google');
    await expect(harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'github' })).rejects.toMatchObject({ status: 400, code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
    await expect(harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'google', accountId: 'nope' })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    await expect(harness.useCases.getAccessToken.execute({ userId: user.id, providerId: 'orkut' })).rejects.toMatchObject({ status: 404, code: 'PROVIDER_NOT_FOUND' });
  });
});

describe('RefreshToken', () => {
  it('answers 400 REFRESH_TOKEN_NOT_FOUND when the account has no refresh token', async () => {
    const { harness, user } = await signedIn('github');
    const [account] = await harness.accounts.listByUser(user.id);
    await harness.accounts.update(account?.id ?? '', { refreshToken: null });
    await expect(harness.useCases.refreshToken.execute({ userId: user.id, providerId: 'github' })).rejects.toMatchObject({ status: 400, code: 'REFRESH_TOKEN_NOT_FOUND' });
  });

  it('answers 400 FAILED_TO_REFRESH_ACCESS_TOKEN when the provider refuses', async () => {
    const { harness, user } = await signedIn('discord');
    fakes.fail('https://discord.com/api/oauth2/token', { status: 500, text: 'no' });
    await expect(harness.useCases.refreshToken.execute({ userId: user.id, providerId: 'discord' })).rejects.toMatchObject({ status: 400, code: 'FAILED_TO_REFRESH_ACCESS_TOKEN' });
  });

  it('trades a refresh token once across two instances on one database: the later caller answers the stored result', async () => {
    const TOKEN_URL = 'https://github.com/login/oauth/access_token';
    const { harness, user } = await signedIn('github');
    // A second instance: its own use cases (no shared memory of refreshes in flight), the same tables.
    const other = createProviderUseCases({ ...harness, providers: harness.registry, secret: TEST_SECRET, routes: { authBaseURL: TEST_AUTH_BASE_URL } });
    const grants = () => fakes.requestsTo(TOKEN_URL).filter((r) => r.form.get('grant_type') === 'refresh_token').length;
    const before = grants();
    const release = fakes.hold(TOKEN_URL);
    try {
      const first = harness.useCases.refreshToken.execute({ userId: user.id, providerId: 'github' });
      while (grants() === before) await new Promise((resolve) => setTimeout(resolve, 5));
      const second = other.refreshToken.execute({ userId: user.id, providerId: 'github' });
      // The second has read the account and waits on its lock (a double spend would show as a grant).
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(b).toEqual(a);
      expect(grants()).toBe(before + 1);
    } finally {
      release();
    }
  });
});

describe('AccountInfo', () => {
  it("answers 400 ACCOUNT_NOT_FOUND for another user's account", async () => {
    const { harness, user } = await signedIn('github');
    const [account] = await harness.accounts.listByUser(user.id);
    await expect(harness.useCases.accountInfo.execute({ userId: 'someone-else', accountId: account?.id ?? '' })).rejects.toMatchObject({ status: 400, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('answers by the provider account id too, with the raw profile as data', async () => {
    const { harness, user } = await signedIn('github');
    const info = await harness.useCases.accountInfo.execute({ userId: user.id, accountId: '1001' });
    expect(info.user.email).toBe('mona@example.com');
    expect(info.data).toMatchObject({ login: 'octocat' });
  });

  it('answers 401 FAILED_TO_GET_USER_INFO when the provider fails', async () => {
    const { harness, user } = await signedIn('github');
    fakes.fail('https://api.github.com/user', { status: 500, text: 'down' });
    await expect(harness.useCases.accountInfo.execute({ userId: user.id, accountId: '1001' })).rejects.toMatchObject({ status: 401, code: 'FAILED_TO_GET_USER_INFO' });
  });
});

describe('ListAccounts', () => {
  it('lists id, providerId, accountId, scopes and dates, never tokens', async () => {
    const { harness, user } = await signedIn('github');
    const [listed] = await harness.useCases.listAccounts.execute({ userId: user.id });
    expect(Object.keys(listed ?? {}).sort()).toEqual(['accountId', 'createdAt', 'id', 'providerId', 'scopes', 'updatedAt']);
    expect(listed).toMatchObject({ providerId: 'github', accountId: '1001', scopes: ['read:user', 'user:email'] });
  });
});

describe('UnlinkAccount', () => {
  it("answers 400 YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT for the only account, unless configured", async () => {
    const { harness, session } = await signedIn('github');
    await expect(harness.useCases.unlinkAccount.execute({ session, providerId: 'github' })).rejects.toMatchObject({
      status: 400,
      code: 'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT',
      message: "You can't unlink your last account",
    });
    const lenient = await signedIn('github', { fakes, linking: { allowUnlinkingAll: true } });
    await expect(lenient.harness.useCases.unlinkAccount.execute({ session: lenient.session, providerId: 'github' })).resolves.toEqual({ status: true });
  });

  it('unlinks one of several accounts, and answers 400 ACCOUNT_NOT_FOUND for one the user does not have', async () => {
    const { harness, user, session } = await signedIn('github');
    await harness.accounts.create(newAccount({ id: 'cred', accountId: user.id, providerId: CREDENTIAL_PROVIDER, userId: user.id, password: 'h' }, harness.clock.now()));
    await expect(harness.useCases.unlinkAccount.execute({ session, providerId: 'github', accountId: '999' })).rejects.toMatchObject({ status: 400, code: 'ACCOUNT_NOT_FOUND' });
    await expect(harness.useCases.unlinkAccount.execute({ session, providerId: 'google' })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    await expect(harness.useCases.unlinkAccount.execute({ session, providerId: 'github', accountId: '1001' })).resolves.toEqual({ status: true });
    expect((await harness.accounts.listByUser(user.id)).map((a) => a.providerId)).toEqual([CREDENTIAL_PROVIDER]);
  });

  it('answers 403 SESSION_IS_NOT_FRESH for a session older than the freshness age', async () => {
    const { harness, session } = await signedIn('github');
    harness.clock.advance(86_400 * 1000 + 1);
    await expect(harness.useCases.unlinkAccount.execute({ session, providerId: 'github' })).rejects.toMatchObject({ status: 403, code: 'SESSION_IS_NOT_FRESH' });
  });
});
