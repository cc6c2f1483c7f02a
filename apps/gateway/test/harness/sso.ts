// SSO tests: identity providers registered through the route, and the browser's trip through them.
import type { Response } from 'supertest';
import { BASE } from './config.js';
import type { CookieJar } from './cookies.js';
import type { TestGateway } from './gateway.js';
import { post } from './requests.js';

export const SSO_STATE_COOKIE = 'tend.sso_state';

/** POST /sign-in/sso as the browser: answers the IdP URL, the binding cookie kept in the jar. */
export async function startSso(gateway: TestGateway, browser: CookieJar, body: Record<string, unknown>): Promise<URL> {
  const res = await post(gateway, '/sign-in/sso', browser, { callbackURL: '/dashboard', newUserCallbackURL: '/welcome', ...body });
  if (res.status !== 200) throw new Error(`/sign-in/sso answered ${res.status} ${JSON.stringify(res.body)}`);
  browser.store(res);
  return new URL((res.body as { url: string }).url);
}

/** The browser back at GET /sso/callback/{providerId} with what the IdP put on the redirect URI. */
export async function returnToCallback(gateway: TestGateway, browser: CookieJar, redirect: URL): Promise<Response> {
  const req = gateway.http.get(`${redirect.pathname}${redirect.search}`);
  const res = await (browser.header ? req.set('Cookie', browser.header) : req);
  browser.store(res);
  return res;
}

/** The IdP's cross-site form post to the ACS: no cookies, the IdP's Origin. */
export async function postToAcs(gateway: TestGateway, providerId: string, form: { SAMLResponse?: string; RelayState?: string }, browser?: CookieJar): Promise<Response> {
  const req = gateway.http
    .post(`${BASE}/sso/saml2/sp/acs/${providerId}`)
    .set('Origin', 'https://idp.example.test')
    .set('Sec-Fetch-Site', 'cross-site')
    .type('form')
    .send(form);
  const res = await req;
  browser?.store(res);
  return res;
}

/** The `error` of a redirect to `page`, or null for any other answer. */
export function ssoErrorOf(res: Response, page: string): string | null {
  const location = res.headers.location as string | undefined;
  if (res.status !== 302 || !location?.startsWith(`${page}?`)) return null;
  return new URL(location, 'http://x').searchParams.get('error');
}
