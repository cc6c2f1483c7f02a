import { codeOf } from '@tend/kernel';
import { validateProvidersSettings } from './config.js';
import { envNameOf, providersSettingsFromEnv } from './env-settings.js';
import { CALLBACK_ERRORS, PROVIDER_ERRORS } from './error-codes.js';
import { ProviderRegistry } from './providers/registry.js';

describe('provider settings', () => {
  it('enables a provider when both its client id and secret are set, and skips it when neither is', () => {
    const enabled = validateProvidersSettings({ github: { clientId: 'id', clientSecret: 'secret' }, google: {}, discord: { clientId: '', clientSecret: '' } });
    expect(Object.keys(enabled)).toEqual(['github']);
  });

  it('answers CLIENT_ID_AND_SECRET_REQUIRED when only one of them is set', () => {
    expect(() => validateProvidersSettings({ google: { clientId: 'id' } })).toThrow(expect.objectContaining({ status: 500, code: 'CLIENT_ID_AND_SECRET_REQUIRED' }));
  });

  it.each([
    ['an unknown provider', { myspace: { clientId: 'a', clientSecret: 'b' } }],
    ['an unknown setting', { github: { clientId: 'a', clientSecret: 'b', tenantId: 'x' } }],
    ['a malformed Microsoft tenant', { microsoft: { clientId: 'a', clientSecret: 'b', tenantId: 'a/b' } }],
    ['an unsupported photo size', { microsoft: { clientId: 'a', clientSecret: 'b', profilePhotoSize: 50 } }],
    ['a GitLab issuer that is not https', { gitlab: { clientId: 'a', clientSecret: 'b', issuer: 'http://gitlab.local' } }],
    ['a Discord prompt it does not know', { discord: { clientId: 'a', clientSecret: 'b', prompt: 'login' } }],
    ['scopes that are not a list of words', { github: { clientId: 'a', clientSecret: 'b', scopes: ['read user'] } }],
  ])('answers 500 INVALID_PROVIDER_CONFIGURATION for %s', (_name, settings) => {
    expect(() => validateProvidersSettings(settings)).toThrow(expect.objectContaining({ status: 500, code: 'INVALID_PROVIDER_CONFIGURATION' }));
  });

  it('refuses a URL rewrite that is not an http(s) base, and a timeout out of range', () => {
    for (const options of [{ urlRewrite: 'ftp://127.0.0.1' }, { urlRewrite: 'not a url' }, { timeoutMs: 0 }, { timeoutMs: 1.5 }]) {
      expect(() => new ProviderRegistry({ providers: {}, ...options })).toThrow(expect.objectContaining({ code: 'INVALID_PROVIDER_CONFIGURATION' }));
    }
  });

  it('knows only the enabled providers', () => {
    const registry = new ProviderRegistry({ providers: { zoom: { clientId: 'a', clientSecret: 'b', pkce: false } } });
    expect(registry.enabledIds()).toEqual(['zoom']);
    expect(registry.get('github')).toBeNull();
    expect(() => registry.require('github')).toThrow(expect.objectContaining({ status: 404, code: 'PROVIDER_NOT_FOUND' }));
  });
});

describe('error catalogues', () => {
  it('key every error by the code the spec derives from its message', () => {
    for (const [key, entry] of Object.entries({ ...PROVIDER_ERRORS })) expect(codeOf(entry.message)).toBe(key);
    for (const [key, entry] of Object.entries(CALLBACK_ERRORS)) expect(codeOf(entry.message)).toBe(key);
  });
});

describe('providersSettingsFromEnv', () => {
  it('reads AUTH_<ID>_<SETTING> variables, lists, booleans and numbers', () => {
    const read = providersSettingsFromEnv({
      AUTH_GITHUB_CLIENT_ID: 'gh',
      AUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
      AUTH_MICROSOFT_CLIENT_ID: 'ms',
      AUTH_MICROSOFT_CLIENT_SECRET: 'ms-secret',
      AUTH_MICROSOFT_TENANT_ID: 'contoso',
      AUTH_MICROSOFT_PROFILE_PHOTO_SIZE: '96',
      AUTH_ZOOM_PKCE: 'false',
      AUTH_APPLE_AUDIENCE: 'app.one, app.two',
      AUTH_PROVIDER_URL_REWRITE: 'http://127.0.0.1:9999',
      AUTH_PROVIDER_TIMEOUT_MS: '2500',
      AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: 'google,github',
      AUTH_GOOGLE_CLIENT_ID: '',
    });
    expect(read).toEqual({
      providers: {
        github: { clientId: 'gh', clientSecret: 'gh-secret' },
        microsoft: { clientId: 'ms', clientSecret: 'ms-secret', tenantId: 'contoso', profilePhotoSize: 96 },
        zoom: { pkce: false },
        apple: { audience: ['app.one', 'app.two'] },
      },
      urlRewrite: 'http://127.0.0.1:9999',
      timeoutMs: 2500,
      trustedProviders: ['google', 'github'],
    });
    expect(envNameOf('apple', 'appBundleIdentifier')).toBe('AUTH_APPLE_APP_BUNDLE_IDENTIFIER');
  });

  it('answers INVALID_PROVIDER_CONFIGURATION for a boolean or number it cannot read', () => {
    expect(() => providersSettingsFromEnv({ AUTH_ZOOM_PKCE: 'maybe' })).toThrow(expect.objectContaining({ code: 'INVALID_PROVIDER_CONFIGURATION' }));
    expect(() => providersSettingsFromEnv({ AUTH_PROVIDER_TIMEOUT_MS: '5s' })).toThrow(expect.objectContaining({ code: 'INVALID_PROVIDER_CONFIGURATION' }));
  });
});

describe('the fakes as a gateway sees them', () => {
  it('hand out an environment that reads back into the settings of all 18 providers and the rewrite', async () => {
    const { startFakeProviders } = await import('./testing/index.js');
    const fakes = await startFakeProviders();
    try {
      const read = providersSettingsFromEnv(fakes.gatewayEnv());
      expect(read.providers).toEqual(fakes.settings());
      expect(read.urlRewrite).toBe(fakes.baseURL);
      expect(new ProviderRegistry(read).enabledIds()).toHaveLength(18);
    } finally {
      await fakes.close();
    }
  });
});
