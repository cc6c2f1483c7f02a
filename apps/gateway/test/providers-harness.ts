// Helpers of the provider HTTP tests: a gateway wired to the fake providers, a cookie jar that
// plays one browser, and the steps of the redirect flow as a browser takes them.
import type { Response } from 'supertest';
import type { ProviderId } from '@tend/providers';
import type { FakeAuthorization, FakeProviders } from '@tend/providers/testing';
import type { GatewayConfig } from '../src/index.js';
import { providersConfig, type ProvidersConfig } from '../src/modules/providers/config.js';
import { ORIGIN, setCookies, startGateway, type TestGateway } from './harness.js';

export const BASE = '/api/auth';
export const ERROR_PAGE = `${ORIGIN}${BASE}/error`;
export const STATE_COOKIE = 'tend.oauth_state';
export const SESSION_COOKIE = 'tend.session_token';

/** A gateway on a fresh database with every provider enabled against the fakes (through the URL rewrite). */
export function startProviderGateway(fakes: FakeProviders, providers: Partial<ProvidersConfig> = {}, config: Partial<GatewayConfig> = {}): Promise<TestGateway> {
  return startGateway({ ...config, providers: providersConfig({ settings: fakes.settings(), urlRewrite: fakes.baseURL, ...providers }) });
}

/** One browser: keeps the cookies the gateway sets and sends them back. */
export class Browser {
  private readonly jar = new Map<string, string>();

  store(res: { headers: Record<string, unknown> }): void {
    for (const cookie of setCookies(res)) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0(;|$)/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** A browser holding the cookies of a Cookie header (`cookiesOf(res)` of a sign-up). */
  static with(cookieHeader: string): Browser {
    const browser = new Browser();
    for (const pair of cookieHeader.split('; ').filter(Boolean)) {
      const index = pair.indexOf('=');
      browser.jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return browser;
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }

  get(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** The Cookie header ('' without cookies). */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Another browser holding only this one's session cookie (not its state binding). */
  withCookies(names: string[]): Browser {
    const other = new Browser();
    for (const name of names) {
      const value = this.jar.get(name);
      if (value !== undefined) other.jar.set(name, value);
    }
    return other;
  }
}

/** A state-changing request from the web app's origin, with the browser's cookies. */
export function post(gateway: TestGateway, browser: Browser, path: string, body: object) {
  const req = gateway.http.post(`${BASE}${path}`).set('Origin', ORIGIN);
  return (browser.cookie ? req.set('Cookie', browser.cookie) : req).send(body);
}

export function get(gateway: TestGateway, browser: Browser, path: string) {
  const req = gateway.http.get(`${BASE}${path}`);
  return browser.cookie ? req.set('Cookie', browser.cookie) : req;
}

/** POST /sign-in/social (or /link-social): the authorization URL, with the binding cookie kept. */
export async function start(gateway: TestGateway, browser: Browser, body: Record<string, unknown>, path = '/sign-in/social'): Promise<URL> {
  const res = await post(gateway, browser, path, body);
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
export async function returnFrom(gateway: TestGateway, browser: Browser, provider: ProviderId, authorization: FakeAuthorization): Promise<Response> {
  let path = `${BASE}/callback/${provider}?${new URLSearchParams(callbackQuery(authorization))}`;
  if (provider === 'apple') {
    // A cross-site form post carries no SameSite=Lax cookie: the gateway bounces it to a GET.
    const posted = await gateway.http.post(`${BASE}/callback/apple`).type('form').send(callbackQuery(authorization));
    if (posted.status !== 302) throw new Error(`POST /callback/apple answered ${posted.status} ${JSON.stringify(posted.body)}`);
    const location = new URL(posted.headers.location as string);
    path = `${location.pathname}${location.search}`;
  }
  const req = gateway.http.get(path);
  const res = await (browser.cookie ? req.set('Cookie', browser.cookie) : req);
  browser.store(res);
  return res;
}

/** A whole redirect flow: start, authorize at the fake, come back. */
export async function signInWith(gateway: TestGateway, fakes: FakeProviders, browser: Browser, provider: ProviderId, body: Record<string, unknown> = {}): Promise<Response> {
  const url = await start(gateway, browser, { provider, callbackURL: '/dashboard', newUserCallbackURL: '/welcome', ...body });
  return returnFrom(gateway, browser, provider, await fakes.authorize(url.toString()));
}

/** The `error` of a redirect to the error page, or null for any other redirect. */
export function errorOf(res: Response, errorPage = ERROR_PAGE): string | null {
  const location = res.headers.location as string | undefined;
  if (res.status !== 302 || !location?.startsWith(`${errorPage}?`)) return null;
  return new URL(location).searchParams.get('error');
}
