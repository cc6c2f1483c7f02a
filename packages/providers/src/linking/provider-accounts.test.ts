import { CREDENTIAL_PROVIDER, newAccount, newUser } from '@tend/identity';
import { CallbackError } from '../callback-error.js';
import { startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness, TEST_SECRET, type ProviderHarness, type ProviderHarnessOptions } from '../testing/provider-harness.js';
import { TokenCipher } from '../token-cipher.js';

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());

/** A user who signed up with a password, as identity creates them. */
async function passwordUser(harness: ProviderHarness, email: string, fields: { emailVerified?: boolean; banned?: boolean; banExpires?: Date | null } = {}) {
  const now = harness.clock.now();
  const user = newUser({ id: `user-${email}`, email, name: 'Existing', ...fields }, now);
  return harness.users.create(user, newAccount({ id: `acc-${email}`, accountId: user.id, providerId: CREDENTIAL_PROVIDER, userId: user.id, password: 'hash' }, now));
}

async function failure(promise: Promise<unknown>): Promise<CallbackError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CallbackError)) throw new Error(`expected a CallbackError, got ${String(error)}`);
  return error;
}

function harnessWith(options: Partial<ProviderHarnessOptions> = {}) {
  return createProviderHarness({ fakes, ...options });
}

describe('Social sign-in outcome (spec section 4)', () => {
  it('signs in the user of an already linked account and stores the fresh tokens', async () => {
    const harness = harnessWith();
    const first = await harness.signIn('github');
    const [before] = await harness.accounts.listByUser(first.user.id);
    harness.clock.advance(1000);
    const second = await harness.signIn('github');
    expect(second).toMatchObject({ outcome: 'signed-in', isNewUser: false, redirectTo: '/dashboard' });
    expect(second.user.id).toBe(first.user.id);
    const [after] = await harness.accounts.listByUser(first.user.id);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.updatedAt.getTime()).toBe(harness.clock.now().getTime());
    expect(await harness.accounts.listByUser(first.user.id)).toHaveLength(1);
  });

  it('links an existing user of the same, verified email when the provider vouches for it, keeping the password', async () => {
    const harness = harnessWith();
    const existing = await passwordUser(harness, 'mona@example.com', { emailVerified: true });
    const session = await harness.issuer.create({ userId: existing.id });
    const result = await harness.signIn('github');
    expect(result).toMatchObject({ outcome: 'signed-in', isNewUser: false, redirectTo: '/dashboard' });
    expect(result.user).toMatchObject({ id: existing.id, emailVerified: true });
    expect((await harness.accounts.listByUser(existing.id)).map((a) => a.providerId).sort()).toEqual(['credential', 'github']);
    expect(await harness.sessions.resolve(session.token)).not.toBeNull();
  });

  it('claims an account whose email was never verified: its password, links and sessions go before the link', async () => {
    const harness = harnessWith({ linking: { trustedProviders: ['spotify'] } });
    fakes.setUser('spotify', { id: 'squatter-spotify', email: 'mona@example.com' });
    try {
      const existing = await passwordUser(harness, 'mona@example.com');
      await harness.signIn('spotify'); // the registrant links an account of theirs (trusted, not vouched)
      const squatter = await harness.issuer.create({ userId: existing.id });
      const result = await harness.signIn('github');
      expect(result.user).toMatchObject({ id: existing.id, emailVerified: true });
      expect((await harness.accounts.listByUser(existing.id)).map((a) => a.providerId)).toEqual(['github']);
      expect(await harness.sessions.resolve(squatter.token)).toBeNull();
      expect(result.outcome === 'signed-in' && result.signIn.kind === 'session' && (await harness.sessions.resolve(result.signIn.session.token))?.user.id).toBe(existing.id);
    } finally {
      fakes.setUser('spotify', {});
    }
  });

  it('never links a provider that shares no email to an account holding its placeholder address', async () => {
    const harness = harnessWith({ linking: { trustedProviders: ['reddit'] } });
    await passwordUser(harness, 'abc12@reddit.placeholder.invalid');
    const error = await failure(harness.signIn('reddit'));
    expect(error).toMatchObject({ code: 'ACCOUNT_NOT_LINKED', redirectCode: 'account_not_linked' });
  });

  it('answers account_not_linked when the provider does not vouch for the email and is not trusted', async () => {
    const harness = harnessWith();
    await passwordUser(harness, 'smedjan@example.com');
    const error = await failure(harness.signIn('spotify'));
    expect(error).toMatchObject({ code: 'ACCOUNT_NOT_LINKED', redirectCode: 'account_not_linked' });
  });

  it('links through a trusted provider even without a verified email', async () => {
    const harness = harnessWith({ linking: { trustedProviders: ['spotify'] } });
    const existing = await passwordUser(harness, 'smedjan@example.com');
    const result = await harness.signIn('spotify');
    expect(result.user.id).toBe(existing.id);
    expect(result.user.emailVerified).toBe(false);
  });

  it('answers account_not_linked when account linking is turned off', async () => {
    const harness = harnessWith({ linking: { enabled: false, trustedProviders: ['github'] } });
    await passwordUser(harness, 'mona@example.com');
    expect((await failure(harness.signIn('github'))).redirectCode).toBe('account_not_linked');
  });

  it('answers signup_disabled for an unknown user when sign-up is off, globally or for the provider', async () => {
    const off = harnessWith({ signUpEnabled: false });
    expect((await failure(off.signIn('github'))).redirectCode).toBe('signup_disabled');
    const perProvider = harnessWith({ providers: { github: { ...fakes.credentials('github'), disableSignUp: true } } });
    expect((await failure(perProvider.signIn('github'))).redirectCode).toBe('signup_disabled');
  });

  it('signs up on request only when the provider disables implicit sign-up', async () => {
    const harness = harnessWith({ providers: { github: { ...fakes.credentials('github'), disableImplicitSignUp: true } } });
    expect((await failure(harness.signIn('github'))).redirectCode).toBe('signup_disabled');
    await expect(harness.signIn('github', { requestSignUp: true })).resolves.toMatchObject({ outcome: 'signed-in', isNewUser: true });
  });

  it('redirects a banned user with banned, and signs in a user whose ban has expired (clearing it)', async () => {
    const harness = harnessWith();
    await passwordUser(harness, 'mona@example.com', { emailVerified: true, banned: true });
    const error = await failure(harness.signIn('github'));
    expect(error).toMatchObject({ code: 'BANNED', redirectTo: 'http://localhost:3000/api/auth/error?error=banned' });
    expect(harness.tables.sessions.size).toBe(0);

    const expired = harnessWith();
    await passwordUser(expired, 'mona@example.com', { banned: true, banExpires: new Date(expired.clock.now().getTime() - 1) });
    const result = await expired.signIn('github');
    expect(result.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it('stores provider tokens encrypted, and the scopes comma-separated', async () => {
    const harness = harnessWith();
    const result = await harness.signIn('google');
    const [account] = await harness.accounts.listByUser(result.user.id);
    const cipher = new TokenCipher(TEST_SECRET);
    for (const token of [account?.accessToken, account?.refreshToken, account?.idToken]) {
      expect(token).toMatch(/^enc\.v1\./);
      expect(cipher.decrypt(token ?? '')).not.toBeNull();
    }
    expect(cipher.decrypt(account?.idToken ?? '')?.split('.')).toHaveLength(3);
    expect(account?.scope).toBe('email,profile,openid');
  });
});

describe('Linking a provider to a signed-in user (link-social)', () => {
  async function linkFlow(harness: ProviderHarness, user: { id: string; email: string }, provider: 'github' | 'spotify' = 'github') {
    const started = await harness.useCases.linkSocial.execute({ user, provider, callbackURL: '/settings/accounts' });
    const authorization = await fakes.authorize(started.url);
    return harness.useCases.handleCallback.execute(harness.callbackInput(provider, authorization, started.binding));
  }

  it('links the account to the user, without a new session, and returns to the callbackURL', async () => {
    const harness = harnessWith();
    const user = await passwordUser(harness, 'mona@example.com', { emailVerified: true });
    const result = await linkFlow(harness, user);
    expect(result).toEqual({ outcome: 'linked', user: expect.objectContaining({ id: user.id }), redirectTo: '/settings/accounts' });
    expect((await harness.accounts.listByUser(user.id)).map((a) => a.providerId).sort()).toEqual(['credential', 'github']);
    expect(harness.tables.sessions.size).toBe(0);
  });

  it('answers account_already_linked_to_different_user when another user owns the provider account', async () => {
    const harness = harnessWith({ linking: { allowDifferentEmails: true } });
    await harness.signIn('github');
    const other = await passwordUser(harness, 'other@example.com');
    const error = await failure(linkFlow(harness, other));
    expect(error.redirectCode).toBe('account_already_linked_to_different_user');
  });

  it("answers email_doesn't_match when the provider's email differs, unless different emails are allowed", async () => {
    const strict = harnessWith();
    const user = await passwordUser(strict, 'someone@example.com');
    expect((await failure(linkFlow(strict, user))).redirectCode).toBe("email_doesn't_match");

    const lenient = harnessWith({ linking: { allowDifferentEmails: true } });
    const other = await passwordUser(lenient, 'someone@example.com');
    await expect(linkFlow(lenient, other)).resolves.toMatchObject({ outcome: 'linked' });
  });

  it('answers unable_to_link_account when the provider does not vouch for the email and is not trusted', async () => {
    const harness = harnessWith();
    const user = await passwordUser(harness, 'smedjan@example.com');
    expect((await failure(linkFlow(harness, user, 'spotify'))).redirectCode).toBe('unable_to_link_account');
  });
});
