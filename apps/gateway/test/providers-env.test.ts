// The provider variables of the environment: read by env.ts, checked at start with a message
// naming the variable, and enough on their own to run a sign-in against the fakes.
import { silentLogger } from '@tend/kernel';
import { PROVIDER_IDS } from '@tend/providers';
import { startFakeProviders, type FakeProviders } from '@tend/providers/testing';
import { configFromEnv, EnvError, parseEnv } from '../src/env.js';
import { CookieJar, get, SECRET, SESSION_COOKIE, signInWith, startGateway } from './harness/index.js';

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.close());

const configOf = (env: Record<string, string>) => configFromEnv(parseEnv({ AUTH_SECRET: SECRET, ...env }), silentLogger);

describe('the provider environment', () => {
  it('has no provider, linking on, no trusted provider and 5-second calls by default', () => {
    expect(configOf({}).features.providers).toEqual({
      settings: {},
      urlRewrite: null,
      timeoutMs: 5000,
      linking: { enabled: true, trustedProviders: [] },
      signUpEnabled: true,
      placeholderEmailDomain: null,
    });
  });

  it('reads AUTH_<ID>_CLIENT_ID, _CLIENT_SECRET and the extra settings of each provider', () => {
    const providers = configOf({
      ...fakes.gatewayEnv(),
      AUTH_MICROSOFT_TENANT_ID: 'contoso',
      AUTH_MICROSOFT_PROFILE_PHOTO_SIZE: '96',
      AUTH_GOOGLE_SCOPES: 'https://www.googleapis.com/auth/drive.readonly, openid',
      AUTH_ZOOM_PKCE: 'false',
      AUTH_REDDIT_DISABLE_SIGN_UP: '1',
      AUTH_PROVIDER_TIMEOUT_MS: '2500',
      AUTH_ACCOUNT_LINKING: 'off',
      AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: 'github google',
      AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN: 'Users.Tend.Invalid',
    }).features.providers!;
    expect(Object.keys(providers.settings).sort()).toEqual([...PROVIDER_IDS].sort());
    expect(providers.settings.github).toEqual(fakes.credentials('github'));
    expect(providers.settings.microsoft).toMatchObject({ tenantId: 'contoso', profilePhotoSize: 96 });
    expect(providers.settings.google?.scopes).toEqual(['https://www.googleapis.com/auth/drive.readonly', 'openid']);
    expect(providers.settings.zoom?.pkce).toBe(false);
    expect(providers.settings.reddit?.disableSignUp).toBe(true);
    expect(providers).toMatchObject({
      urlRewrite: fakes.baseURL,
      timeoutMs: 2500,
      linking: { enabled: false, trustedProviders: ['github', 'google'] },
      placeholderEmailDomain: 'users.tend.invalid',
    });
  });

  it.each([
    [{ AUTH_GITHUB_CLIENT_ID: 'id' }, 'AUTH_GITHUB_CLIENT_SECRET: AUTH_GITHUB_CLIENT_ID and AUTH_GITHUB_CLIENT_SECRET go together'],
    [{ AUTH_GITHUB_CLIENT_SECRET: 'secret' }, 'AUTH_GITHUB_CLIENT_SECRET: AUTH_GITHUB_CLIENT_ID and AUTH_GITHUB_CLIENT_SECRET go together'],
    [{ AUTH_DISCORD_PROMPT: 'sometimes' }, 'AUTH_DISCORD_PROMPT: is not an accepted value'],
    [{ AUTH_ZOOM_PKCE: 'maybe' }, 'AUTH_ZOOM_PKCE: must be true, false, 1 or 0'],
    [{ AUTH_MICROSOFT_PROFILE_PHOTO_SIZE: 'big' }, 'AUTH_MICROSOFT_PROFILE_PHOTO_SIZE: must be a whole number'],
    [{ AUTH_MICROSOFT_PROFILE_PHOTO_SIZE: '50' }, 'AUTH_MICROSOFT_PROFILE_PHOTO_SIZE: is not an accepted value'],
    [{ AUTH_GITLAB_ISSUER: 'http://gitlab.example.com' }, 'AUTH_GITLAB_ISSUER: is not an accepted value'],
    [{ AUTH_PROVIDER_TIMEOUT_MS: '0' }, 'AUTH_PROVIDER_TIMEOUT_MS:'],
    [{ AUTH_PROVIDER_URL_REWRITE: 'ftp://fakes' }, 'AUTH_PROVIDER_URL_REWRITE: must be an http(s) URL'],
    [{ AUTH_ACCOUNT_LINKING: 'maybe' }, 'AUTH_ACCOUNT_LINKING:'],
    [{ AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: 'github,myspace' }, 'AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: unknown provider "myspace"'],
    [{ AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN: 'not a domain' }, 'AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN: must be a domain'],
    [{ NODE_ENV: 'production', AUTH_PROVIDER_URL_REWRITE: 'http://127.0.0.1:9' }, 'AUTH_PROVIDER_URL_REWRITE: is a test seam, refused in production'],
    [{ NODE_ENV: 'production', AUTH_GITHUB_CLIENT_ID: 'id', AUTH_GITHUB_CLIENT_SECRET: 'secret' }, 'AUTH_BASE_URL: is required in production when identity providers are enabled (github)'],
  ])('refuses to start with %j, naming the variable', (env, message) => {
    const parse = () => parseEnv({ AUTH_SECRET: SECRET, ...env });
    expect(parse).toThrow(EnvError);
    expect(parse).toThrow(message);
  });

  it('lists every bad variable at once', () => {
    expect(() => parseEnv({ AUTH_ZOOM_PKCE: 'maybe', AUTH_GITHUB_CLIENT_ID: 'id', PORT: 'eighty' })).toThrow(/PORT[\s\S]*AUTH_GITHUB_CLIENT_SECRET[\s\S]*AUTH_ZOOM_PKCE/);
  });

  it('starts in production with providers and AUTH_BASE_URL set', () => {
    const config = configOf({ NODE_ENV: 'production', AUTH_BASE_URL: 'https://tend.example', AUTH_APPLE_CLIENT_ID: 'app', AUTH_APPLE_CLIENT_SECRET: 'jwt' });
    expect(config.features.providers?.settings).toEqual({ apple: { clientId: 'app', clientSecret: 'jwt' } });
  });

  it('signs in through a gateway configured from the environment alone', async () => {
    const config = configOf(fakes.gatewayEnv(['linkedin']));
    const gateway = await startGateway({ features: { providers: config.features.providers } });
    try {
      const browser = new CookieJar();
      const res = await signInWith(gateway, fakes, browser, 'linkedin');
      expect(res.headers.location).toBe('/welcome');
      expect(browser.has(SESSION_COOKIE)).toBe(true);
      expect((await get(gateway, '/get-session', browser).expect(200)).body.user).toMatchObject({ email: 'john@example.com', name: 'John Doe' });
    } finally {
      await gateway.close();
    }
  });
});
