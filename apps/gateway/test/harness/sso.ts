// SSO tests: identity providers registered through the route, their domains verified, and the
// browser's trip through them.
import type { Response } from 'supertest';
import { domainRecordNameOf } from '@tend/sso';
import { PrismaSsoProviderRepository } from '@tend/sso/prisma';
import type { TxtServer } from '@tend/sso/testing';
import type { GatewayConfig } from '../../src/index.js';
import { TOKENS } from '../../src/tokens.js';
import { BASE } from './config.js';
import type { CookieJar } from './cookies.js';
import type { TestGateway } from './gateway.js';
import { post } from './requests.js';
import type { Client } from './users.js';

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

/** The gateway's config overrides that send domain verification's TXT look-ups to a loopback DNS server. */
export function ssoDnsConfig(dns: TxtServer): Partial<GatewayConfig> {
  return { features: { sso: { dnsServers: [dns.address] } } };
}

/**
 * Verifies a provider's domain through the real routes: the owner's token (a fresh request, or
 * the one registration answered) published at `_better-auth-token-<providerId>.<domain>` on the
 * loopback DNS server the gateway asks, then POST /sso/verify-domain (204).
 */
export async function verifySsoDomain(owner: Client, dns: TxtServer, provider: { providerId: string; domain: string; domainVerificationToken?: string }): Promise<void> {
  let token = provider.domainVerificationToken;
  if (!token) {
    const requested = await owner.post('/sso/request-domain-verification', { providerId: provider.providerId });
    if (requested.status !== 201) throw new Error(`/sso/request-domain-verification answered ${requested.status} ${JSON.stringify(requested.body)}`);
    token = (requested.body as { domainVerificationToken: string }).domainVerificationToken;
  }
  dns.publish(domainRecordNameOf(provider.providerId, provider.domain), [token]);
  const verified = await owner.post('/sso/verify-domain', { providerId: provider.providerId });
  if (verified.status !== 204) throw new Error(`/sso/verify-domain answered ${verified.status} ${JSON.stringify(verified.body)}`);
}

/**
 * For tests that are not about verification: marks the provider's domain verified straight
 * through the repository, without DNS. Never what a test of domain verification itself uses.
 */
export async function markSsoDomainVerifiedWithoutDns(gateway: TestGateway, providerId: string): Promise<void> {
  const providers = new PrismaSsoProviderRepository(gateway.container.get(TOKENS.Database));
  const provider = await providers.findByProviderId(providerId);
  if (!provider) throw new Error(`no provider ${providerId}`);
  const outcome = await providers.markDomainVerified(provider.id, provider.domain, gateway.clock.now());
  if (outcome !== 'verified' && outcome !== 'already-verified') throw new Error(`${providerId}: ${outcome}`);
}
