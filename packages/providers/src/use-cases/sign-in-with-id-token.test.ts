import { createHash } from 'node:crypto';
import { CREDENTIAL_PROVIDER, newAccount, newUser } from '@tend/identity';
import { MICROSOFT_FAKE_TENANT, startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness, type ProviderHarnessOptions } from '../testing/provider-harness.js';

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());
afterEach(() => fakes.clearFailures());

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

function harnessWith(options: Partial<ProviderHarnessOptions> = {}) {
  return createProviderHarness({ fakes, ...options });
}

function appleClaims(overrides: Record<string, unknown> = {}) {
  return { iss: 'https://appleid.apple.com', aud: fakes.credentials('apple').clientId, sub: 'apple-user-1', email: 'native@example.com', email_verified: 'true', ...overrides };
}

describe('SignInWithIdToken: Apple (key set at appleid.apple.com/auth/keys)', () => {
  it('signs up and signs in with a valid id token, storing it encrypted', async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(appleClaims());
    const result = await harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token, accessToken: 'native-access', expiresAt: Date.now() + 60_000 } });
    expect(result).toMatchObject({ isNewUser: true, user: { email: 'native@example.com', emailVerified: true, name: 'native@example.com' } });
    expect(result.signIn.kind === 'session' && result.signIn.session.userId).toBe(result.user.id);
    const [account] = await harness.accounts.listByUser(result.user.id);
    expect(account).toMatchObject({ providerId: 'apple', accountId: 'apple-user-1' });
    expect(account?.idToken).toMatch(/^enc\.v1\./);
    expect(fakes.requestsTo('https://appleid.apple.com/auth/keys').length).toBeGreaterThan(0);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-elses-app' }],
    ['a wrong issuer', { iss: 'https://evil.example.com' }],
    ['an expiry in the past', { iat: now() - 600, exp: now() - 60 }],
    ['an age over one hour', { iat: now() - 2 * HOUR, exp: now() + HOUR }],
  ])('answers 401 INVALID_TOKEN for %s', async (_name, overrides) => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(appleClaims(overrides));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('allows 30 s of clock skew: an iat 10 s ahead of this server passes, one 2 minutes ahead does not', async () => {
    const harness = harnessWith();
    const serverNow = Math.floor(harness.clock.now().getTime() / 1000);
    const ahead = await fakes.mintIdToken(appleClaims({ iat: serverNow + 10, exp: serverNow + HOUR }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token: ahead } })).resolves.toMatchObject({ isNewUser: true });
    const farAhead = await fakes.mintIdToken(appleClaims({ iat: serverNow + 120, exp: serverNow + HOUR }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token: farAhead } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers 401 INVALID_TOKEN for a token signed with a key Apple never published', async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(appleClaims(), { key: 'forged' });
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
  });

  it('refuses a token once the clock has passed its expiry', async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(appleClaims());
    harness.clock.advance(2 * HOUR * 1000);
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('checks the nonce: the same value or its SHA-256 (native Apple sign-in) passes, another does not', async () => {
    const harness = harnessWith();
    const hashed = await fakes.mintIdToken(appleClaims({ nonce: createHash('sha256').update('n-123').digest('hex') }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token: hashed, nonce: 'n-123' } })).resolves.toMatchObject({ isNewUser: true });
    const plain = await fakes.mintIdToken(appleClaims({ nonce: 'n-456' }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token: plain, nonce: 'n-456' } })).resolves.toMatchObject({ isNewUser: false });
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token: plain, nonce: 'other' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it("answers 400 'JWK with kid {kid} not found' for a key the set does not hold", async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(appleClaims(), { kid: 'rotated-away' });
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({
      status: 400,
      code: 'JWK_WITH_KID_KID_NOT_FOUND',
      message: 'JWK with kid rotated-away not found',
    });
  });

  it("answers 400 'Keys not found' when the key set cannot be fetched", async () => {
    const harness = harnessWith();
    fakes.fail('https://appleid.apple.com/auth/keys', { status: 500, text: 'down' });
    const token = await fakes.mintIdToken(appleClaims());
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ status: 400, code: 'KEYS_NOT_FOUND', message: 'Keys not found' });
  });

  it('accepts the app bundle identifier as audience when configured', async () => {
    const harness = harnessWith({ providers: { apple: { ...fakes.credentials('apple'), appBundleIdentifier: 'app.tend.ios' } } });
    const token = await fakes.mintIdToken(appleClaims({ aud: 'app.tend.ios' }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).resolves.toMatchObject({ isNewUser: true });
  });
});

describe('SignInWithIdToken: Google (token-info endpoint)', () => {
  const googleClaims = (overrides: Record<string, unknown> = {}) => ({
    iss: 'https://accounts.google.com',
    aud: fakes.credentials('google').clientId,
    sub: 'g-1',
    email: 'onetap@example.com',
    email_verified: true,
    name: 'One Tap',
    ...overrides,
  });

  it('asks token-info and signs in when the audience is our client id', async () => {
    const harness = harnessWith();
    const before = fakes.requestsTo('https://oauth2.googleapis.com/tokeninfo').length;
    const token = await fakes.mintIdToken(googleClaims());
    const result = await harness.useCases.signInWithIdToken.execute({ provider: 'google', idToken: { token } });
    expect(result.user).toMatchObject({ email: 'onetap@example.com', name: 'One Tap', emailVerified: true });
    const [request] = fakes.requestsTo('https://oauth2.googleapis.com/tokeninfo').slice(before);
    expect(request?.query.get('id_token')).toBe(token);
  });

  it.each([
    ['another audience', { aud: 'not-us' }],
    ['another issuer', { iss: 'https://accounts.example.com' }],
  ])('answers 401 INVALID_TOKEN for %s', async (_name, overrides) => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(googleClaims(overrides));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'google', idToken: { token } })).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
  });

  it('answers 401 INVALID_TOKEN when token-info refuses the token (bad signature)', async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(googleClaims(), { key: 'forged' });
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'google', idToken: { token } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers 503 PROVIDER_REQUEST_FAILED when token-info is down', async () => {
    const harness = harnessWith();
    fakes.fail('https://oauth2.googleapis.com/tokeninfo', { status: 503, text: 'unavailable' });
    const token = await fakes.mintIdToken(googleClaims());
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'google', idToken: { token } })).rejects.toMatchObject({ status: 503, code: 'PROVIDER_REQUEST_FAILED' });
  });
});

describe('SignInWithIdToken: Microsoft and Facebook (key sets)', () => {
  const microsoftClaims = (overrides: Record<string, unknown> = {}) => ({
    iss: `https://login.microsoftonline.com/${MICROSOFT_FAKE_TENANT}/v2.0`,
    tid: MICROSOFT_FAKE_TENANT,
    aud: fakes.credentials('microsoft').clientId,
    sub: 'ms-1',
    name: 'Native Ms',
    email: 'ms@example.com',
    email_verified: true,
    ...overrides,
  });

  it("accepts a multi-tenant token whose issuer names its own tenant, and refuses one that names another", async () => {
    const harness = harnessWith();
    const good = await fakes.mintIdToken(microsoftClaims());
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'microsoft', idToken: { token: good } })).resolves.toMatchObject({ user: { email: 'ms@example.com' } });
    const mismatched = await fakes.mintIdToken(microsoftClaims({ tid: 'another-tenant' }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'microsoft', idToken: { token: mismatched } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('checks the issuer of a configured tenant', async () => {
    const harness = harnessWith({ providers: { microsoft: { ...fakes.credentials('microsoft'), tenantId: 'contoso' } } });
    const token = await fakes.mintIdToken(microsoftClaims());
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'microsoft', idToken: { token } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const contoso = await fakes.mintIdToken(microsoftClaims({ iss: 'https://login.microsoftonline.com/contoso/v2.0' }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'microsoft', idToken: { token: contoso } })).resolves.toMatchObject({ isNewUser: true });
  });

  it('accepts a Facebook Limited Login token and refuses an opaque access token', async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken({ iss: 'https://www.facebook.com', aud: fakes.credentials('facebook').clientId, sub: 'fb-1', name: 'Limited', email: 'limited@example.com' });
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'facebook', idToken: { token } })).resolves.toMatchObject({ user: { email: 'limited@example.com', emailVerified: false } });
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'facebook', idToken: { token: 'EAAGm0PX4ZCps' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('SignInWithIdToken: refusals', () => {
  it('answers 404 ID_TOKEN_NOT_SUPPORTED for a provider without id-token sign-in, or with it turned off', async () => {
    const harness = harnessWith({ providers: { github: fakes.credentials('github'), apple: { ...fakes.credentials('apple'), disableIdTokenSignIn: true } } });
    for (const provider of ['github', 'apple']) {
      await expect(harness.useCases.signInWithIdToken.execute({ provider, idToken: { token: 'x.y.z' } })).rejects.toMatchObject({ status: 404, code: 'ID_TOKEN_NOT_SUPPORTED', message: 'id_token not supported' });
    }
  });

  it('answers 404 PROVIDER_NOT_FOUND for an unknown provider', async () => {
    const harness = harnessWith();
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'nope', idToken: { token: 'x.y.z' } })).rejects.toMatchObject({ status: 404, code: 'PROVIDER_NOT_FOUND' });
  });

  it('answers 401 USER_EMAIL_NOT_FOUND for a token without an email', async () => {
    const harness = harnessWith();
    const token = await fakes.mintIdToken(appleClaims({ email: undefined }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ status: 401, code: 'USER_EMAIL_NOT_FOUND', message: 'User email not found' });
  });

  it('answers 401 ACCOUNT_NOT_LINKED for an existing user when the provider does not vouch for the email', async () => {
    const harness = harnessWith();
    const now = harness.clock.now();
    const user = newUser({ id: 'u1', email: 'native@example.com', name: 'N' }, now);
    await harness.users.create(user, newAccount({ id: 'a1', accountId: 'u1', providerId: CREDENTIAL_PROVIDER, userId: 'u1', password: 'h' }, now));
    const token = await fakes.mintIdToken(appleClaims({ email_verified: 'false' }));
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ status: 401, code: 'ACCOUNT_NOT_LINKED' });
  });

  it('answers 403 BANNED_USER for a banned user', async () => {
    const harness = harnessWith();
    const now = harness.clock.now();
    await harness.users.create(newUser({ id: 'u2', email: 'native@example.com', name: 'N', banned: true, emailVerified: true }, now));
    const token = await fakes.mintIdToken(appleClaims());
    await expect(harness.useCases.signInWithIdToken.execute({ provider: 'apple', idToken: { token } })).rejects.toMatchObject({ status: 403, code: 'BANNED_USER' });
  });
});
