import { startMicrosoftOidcProvider, type MicrosoftOidcProvider } from '../testing/fakes/oidc-provider-fake.js';
import { startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness, TEST_AUTH_BASE_URL } from '../testing/provider-harness.js';

const TENANT = 'contoso-tenant-id';
const CLIENT = { clientId: 'tend-on-entra', clientSecret: 'entra-client-secret-0123456789' };

let fakes: FakeProviders;
let oidc: MicrosoftOidcProvider;
let warn: jest.SpyInstance;
beforeAll(async () => {
  // oidc-provider warns once that Node 20 is not its preferred runtime.
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  fakes = await startFakeProviders();
  oidc = await startMicrosoftOidcProvider({
    tenant: TENANT,
    ...CLIENT,
    redirectURI: `${TEST_AUTH_BASE_URL}/callback/microsoft`,
    account: { sub: 'entra-user-1', email: 'ines@contoso.example', name: 'Ines Entra' },
  });
});
afterAll(async () => {
  await oidc.close();
  await fakes.close();
  warn.mockRestore();
});

function harness() {
  return createProviderHarness({ fakes, urlRewrite: oidc.baseURL, providers: { microsoft: { ...CLIENT, tenantId: TENANT } } });
}

describe('Microsoft adapter against a real OpenID provider (oidc-provider)', () => {
  it('signs in end to end: authorization with PKCE, code exchange, id token claims, no photo', async () => {
    const h = harness();
    const started = await h.useCases.startSocialSignIn.execute({ provider: 'microsoft', callbackURL: '/dashboard' });
    const { code, state } = await oidc.authorize(started.url);
    expect(state).toBe(started.state);
    const result = await h.useCases.handleCallback.execute({ providerId: 'microsoft', state, code, binding: started.binding });
    expect(result).toMatchObject({ outcome: 'signed-in', isNewUser: true });
    expect(result.user).toMatchObject({ email: 'ines@contoso.example', name: 'Ines Entra', emailVerified: true, image: null });
    const [account] = await h.accounts.listByUser(result.user.id);
    expect(account).toMatchObject({ providerId: 'microsoft', accountId: 'entra-user-1' });
  });

  it('refuses a code exchange whose PKCE verifier does not match the challenge', async () => {
    const h = harness();
    const started = await h.useCases.startSocialSignIn.execute({ provider: 'microsoft', callbackURL: '/dashboard' });
    const { code } = await oidc.authorize(started.url);
    const provider = h.registry.require('microsoft');
    await expect(provider.validateAuthorizationCode({ code, codeVerifier: 'a'.repeat(128), redirectURI: `${TEST_AUTH_BASE_URL}/callback/microsoft` })).rejects.toMatchObject({ code: 'PROVIDER_REQUEST_FAILED' });
  });

  it("verifies the provider's own id token with its key set, issuer and audience (id-token sign-in)", async () => {
    const h = harness();
    // An id token the provider minted for us: run the code flow by hand, with the state row's verifier.
    const second = await h.useCases.startSocialSignIn.execute({ provider: 'microsoft', callbackURL: '/dashboard' });
    const row = await h.verifications.findByIdentifier(second.state, h.clock.now());
    const { codeVerifier } = JSON.parse(row?.value ?? '{}') as { codeVerifier: string };
    const authorization = await oidc.authorize(second.url);
    const fresh = await h.registry.require('microsoft').validateAuthorizationCode({ code: authorization.code, codeVerifier, redirectURI: `${TEST_AUTH_BASE_URL}/callback/microsoft` });
    expect(fresh.idToken).toBeTruthy();

    const result = await h.useCases.signInWithIdToken.execute({ provider: 'microsoft', idToken: { token: fresh.idToken ?? '' } });
    expect(result.user).toMatchObject({ email: 'ines@contoso.example' });

    const otherAudience = createProviderHarness({ fakes, urlRewrite: oidc.baseURL, providers: { microsoft: { clientId: 'another-app', clientSecret: 'x', tenantId: TENANT } } });
    await expect(otherAudience.useCases.signInWithIdToken.execute({ provider: 'microsoft', idToken: { token: fresh.idToken ?? '' } })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
