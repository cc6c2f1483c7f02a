// Microsoft sign-in over HTTP against a real OpenID provider (panva's oidc-provider on
// Microsoft's paths), not a fake: PKCE, code exchange and id token as a conformant server does them.
import { startMicrosoftOidcProvider, type MicrosoftOidcProvider } from '@tend/providers/testing';
import { BASE, CookieJar, get, ORIGIN, returnFrom, SESSION_COOKIE, start, startGateway, type TestGateway } from './harness/index.js';
import { providersConfig } from '../src/modules/providers/config.js';

const TENANT = 'contoso-tenant-id';
const CLIENT = { clientId: 'tend-on-entra', clientSecret: 'entra-client-secret-0123456789' };

let oidc: MicrosoftOidcProvider;
let gateway: TestGateway;
let warn: jest.SpyInstance;
beforeAll(async () => {
  // oidc-provider warns once that Node 20 is not its preferred runtime.
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  oidc = await startMicrosoftOidcProvider({
    tenant: TENANT,
    ...CLIENT,
    redirectURI: `${ORIGIN}${BASE}/callback/microsoft`,
    account: { sub: 'entra-user-1', email: 'ines@contoso.example', name: 'Ines Entra' },
  });
  gateway = await startGateway({ features: { providers: providersConfig({ settings: { microsoft: { ...CLIENT, tenantId: TENANT } }, urlRewrite: oidc.baseURL }) } });
});
afterAll(async () => {
  await gateway.close();
  await oidc.close();
  warn.mockRestore();
});

it('signs in with Microsoft end to end: authorization with PKCE, code exchange, id-token profile, session', async () => {
  const browser = new CookieJar();
  const url = await start(gateway, browser, { provider: 'microsoft', callbackURL: '/dashboard', newUserCallbackURL: '/welcome' });
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  const { code, state } = await oidc.authorize(url.toString());
  const res = await returnFrom(gateway, browser, 'microsoft', { code, state });
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/welcome');
  expect(browser.has(SESSION_COOKIE)).toBe(true);
  const session = await get(gateway, '/get-session', browser).expect(200);
  expect(session.body.user).toMatchObject({ email: 'ines@contoso.example', name: 'Ines Entra', emailVerified: true, image: null });
  const accounts = await get(gateway, '/list-accounts', browser).expect(200);
  expect(accounts.body).toEqual([expect.objectContaining({ providerId: 'microsoft', accountId: 'entra-user-1' })]);
});
