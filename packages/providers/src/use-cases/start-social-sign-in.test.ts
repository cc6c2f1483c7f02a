import { startFakeProviders, type FakeProviders } from '../testing/index.js';
import { createProviderHarness } from '../testing/provider-harness.js';

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());

describe('StartSocialSignIn', () => {
  it('stores a 10-minute state row: 32-character identifier, a 128-character code verifier, the URLs and a hash of the binding', async () => {
    const harness = createProviderHarness({ fakes });
    const started = await harness.useCases.startSocialSignIn.execute({
      provider: 'google',
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: '/sign-in',
      requestSignUp: true,
      binding: 'browser-binding',
    });
    expect(started).toMatchObject({ redirect: true, binding: 'browser-binding' });
    const row = await harness.verifications.findByIdentifier(started.state, harness.clock.now());
    expect(row?.identifier).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(row?.expiresAt.getTime() ?? 0).toBe(harness.clock.now().getTime() + 600_000);
    const value = JSON.parse(row?.value ?? '{}') as Record<string, unknown>;
    expect(value).toMatchObject({ providerId: 'google', callbackURL: '/dashboard', newUserURL: '/welcome', errorURL: '/sign-in', requestSignUp: true, link: null });
    expect(value.codeVerifier).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(value.binding).not.toBe('browser-binding');
    expect(value.scopes).toEqual(['email', 'profile', 'openid']);
  });

  it('makes up a binding when the caller brings none, and answers redirect false with disableRedirect', async () => {
    const harness = createProviderHarness({ fakes });
    const started = await harness.useCases.startSocialSignIn.execute({ provider: 'github', callbackURL: '/', disableRedirect: true });
    expect(started.redirect).toBe(false);
    expect(started.binding).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('answers 404 PROVIDER_NOT_FOUND for an unknown provider and for a provider without credentials', async () => {
    const harness = createProviderHarness({ fakes, providers: { github: fakes.credentials('github') } });
    for (const provider of ['myspace', 'google']) {
      await expect(harness.useCases.startSocialSignIn.execute({ provider, callbackURL: '/' })).rejects.toMatchObject({ status: 404, code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
    }
  });

  it('answers 400 CALLBACKURL_IS_REQUIRED when neither the request nor the configuration names a callback URL', async () => {
    const harness = createProviderHarness({ fakes });
    await expect(harness.useCases.startSocialSignIn.execute({ provider: 'github' })).rejects.toMatchObject({ status: 400, code: 'CALLBACKURL_IS_REQUIRED', message: 'callbackURL is required' });
  });

  it('sends the browser to the real provider URL when no rewrite is configured', async () => {
    const harness = createProviderHarness({ fakes, urlRewrite: '' });
    const started = await harness.useCases.startSocialSignIn.execute({ provider: 'github', callbackURL: '/' });
    expect(started.url.startsWith('https://github.com/login/oauth/authorize?')).toBe(true);
  });

  it('uses the configured Microsoft tenant and GitLab host', async () => {
    const harness = createProviderHarness({
      fakes,
      urlRewrite: '',
      providers: { microsoft: { ...fakes.credentials('microsoft'), tenantId: 'contoso.onmicrosoft.com' }, gitlab: { ...fakes.credentials('gitlab'), issuer: 'https://gitlab.example.com' } },
    });
    const microsoft = await harness.useCases.startSocialSignIn.execute({ provider: 'microsoft', callbackURL: '/' });
    expect(new URL(microsoft.url).pathname).toBe('/contoso.onmicrosoft.com/oauth2/v2.0/authorize');
    const gitlab = await harness.useCases.startSocialSignIn.execute({ provider: 'gitlab', callbackURL: '/' });
    expect(gitlab.url.startsWith('https://gitlab.example.com/oauth/authorize?')).toBe(true);
  });

  it('LinkSocial stores the signed-in user in the state', async () => {
    const harness = createProviderHarness({ fakes });
    const started = await harness.useCases.linkSocial.execute({ user: { id: 'user-1', email: 'me@example.com' }, provider: 'github', callbackURL: '/settings' });
    const row = await harness.verifications.findByIdentifier(started.state, harness.clock.now());
    expect(JSON.parse(row?.value ?? '{}')).toMatchObject({ link: { userId: 'user-1', email: 'me@example.com' }, callbackURL: '/settings' });
  });
});
