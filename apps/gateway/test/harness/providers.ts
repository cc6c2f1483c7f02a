// Provider tests: every provider enabled against the fakes, and the steps of the redirect flow as
// a browser (a `CookieJar`) takes them.
import type { Response } from 'supertest';
import type { ProviderId } from '@tend/providers';
import type { FakeAuthorization, FakeProviders } from '@tend/providers/testing';
import type { GatewayConfig } from '../../src/index.js';
import { providersConfig, type ProvidersConfig } from '../../src/modules/providers/config.js';
import { BASE, ORIGIN } from './config.js';
import type { CookieJar } from './cookies.js';
import type { TestGateway } from './gateway.js';
import { post } from './requests.js';

export const ERROR_PAGE = `${ORIGIN}${BASE}/error`;
export const STATE_COOKIE = 'tend.oauth_state';
export const SESSION_COOKIE = 'tend.session_token';

/** The config overrides enabling every provider against the fakes (through the URL rewrite). */
export function providerConfig(fakes: FakeProviders, providers: Partial<ProvidersConfig> = {}, config: Partial<GatewayConfig> = {}): Partial<GatewayConfig> {
  return { ...config, features: { ...config.features, providers: providersConfig({ settings: fakes.settings(), urlRewrite: fakes.baseURL, ...providers }) } };
}

/** POST /sign-in/social (or /link-social): the authorization URL, with the binding cookie kept. */
export async function start(gateway: TestGateway, browser: CookieJar, body: Record<string, unknown>, path = '/sign-in/social'): Promise<URL> {
  const res = await post(gateway, path, browser, body);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status} ${JSON.stringify(res.body)}`);
  browser.store(res);
  return new URL((res.body as { url: string }).url);
}

/** The query a provider sends the browser back with, from what the fake authorization endpoint answered. */
export function callbackQuery(authorization: FakeAuthorization): Record<string, string> {
  const query: Record<string, string> = { code: authorization.code, state: authorization.state };
  if (authorization.deviceId) query.device_id = authorization.deviceId;
  if (authorization.user) query.user = authorization.user;
  return query;
}

/**
 * The browser back at the gateway: GET /callback/{id} (Apple: the form post first, whose 302
 * leads to the GET), with the browser's cookies. Answers the final response.
 */
export async function returnFrom(gateway: TestGateway, browser: CookieJar, provider: ProviderId, authorization: FakeAuthorization): Promise<Response> {
  let path = `${BASE}/callback/${provider}?${new URLSearchParams(callbackQuery(authorization))}`;
  if (provider === 'apple') {
    // A cross-site form post carries no SameSite=Lax cookie: the gateway bounces it to a GET.
    const posted = await gateway.http.post(`${BASE}/callback/apple`).type('form').send(callbackQuery(authorization));
    if (posted.status !== 302) throw new Error(`POST /callback/apple answered ${posted.status} ${JSON.stringify(posted.body)}`);
    const location = new URL(posted.headers.location as string);
    path = `${location.pathname}${location.search}`;
  }
  const req = gateway.http.get(path);
  const res = await (browser.header ? req.set('Cookie', browser.header) : req);
  browser.store(res);
  return res;
}

/** A whole redirect flow: start, authorize at the fake, come back. */
export async function signInWith(gateway: TestGateway, fakes: FakeProviders, browser: CookieJar, provider: ProviderId, body: Record<string, unknown> = {}): Promise<Response> {
  const url = await start(gateway, browser, { provider, callbackURL: '/dashboard', newUserCallbackURL: '/welcome', ...body });
  return returnFrom(gateway, browser, provider, await fakes.authorize(url.toString()));
}

/** The `error` of a redirect to the error page, or null for any other redirect. */
export function errorOf(res: Response, errorPage = ERROR_PAGE): string | null {
  const location = res.headers.location as string | undefined;
  if (res.status !== 302 || !location?.startsWith(`${errorPage}?`)) return null;
  return new URL(location).searchParams.get('error');
}
