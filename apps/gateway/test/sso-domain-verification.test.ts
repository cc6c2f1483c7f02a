// SSO domain verification over HTTP (issue 29; better-auth's `domainVerification`): a provider's
// domain is proven by a TXT record on a loopback DNS server (dns2) the gateway asks through
// AUTH_DNS_SERVERS; until then the provider signs no one in, and its IdP is never contacted.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSamlIdp, generateSigningKeys, startOidcIdp, startTxtServer, type OidcIdp, type TxtServer } from '@tend/sso/testing';
import {
  BASE,
  CookieJar,
  ORIGIN,
  SESSION_COOKIE,
  addMember,
  createOrganization,
  get,
  newUser,
  postToAcs,
  returnToCallback,
  ssoDnsConfig,
  ssoErrorOf,
  startGateway,
  startSso,
  verifySsoDomain,
  type Client,
  type TestGateway,
} from './harness/index.js';
import { TOKENS } from '../src/tokens.js';

const CLIENT = { clientId: 'tend-dv-client', clientSecret: 'dv-client-secret-0123456789abcdef' };
const ERROR_PAGE = `${ORIGIN}${BASE}/error`;
const recordName = (providerId: string, domain: string) => `_better-auth-token-${providerId}.${domain}`;

/** An identity provider's endpoints that only count what reaches them (answering 500). */
interface CountingIdp {
  issuer: string;
  requests: string[];
  close(): Promise<void>;
}

async function startCountingIdp(): Promise<CountingIdp> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(500);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let dns: TxtServer;
let counting: CountingIdp;
let gateway: TestGateway;
let owner: Client;
let organizationId: string;
let seq = 0;

beforeAll(async () => {
  dns = await startTxtServer();
  counting = await startCountingIdp();
  gateway = await startGateway(ssoDnsConfig(dns));
  owner = await newUser(gateway, 'Owner');
  organizationId = (await createOrganization(owner, 'Verified Clinic')).id;
});
afterAll(async () => {
  await gateway.close();
  await counting.close();
  await dns.close();
});

const db = () => gateway.container.get(TOKENS.Database);

/** An OIDC provider on the counting IdP, endpoints given (no discovery): nothing reaches the IdP at registration. */
async function register(by: Client, extra: { domain?: string; organizationId?: string } = {}) {
  seq += 1;
  const providerId = `dv-${seq}`;
  const domain = extra.domain ?? `dv${seq}.example`;
  const res = await by.post('/sso/register', {
    providerId,
    issuer: counting.issuer,
    domain,
    organizationId: extra.organizationId ?? organizationId,
    oidcConfig: { ...CLIENT, authorizationEndpoint: `${counting.issuer}/authorize`, tokenEndpoint: `${counting.issuer}/token`, jwksEndpoint: `${counting.issuer}/jwks` },
  });
  expect(res.status).toBe(200);
  return res.body as { providerId: string; domain: string; domainVerified: boolean; domainVerificationToken: string };
}

const requestToken = (by: Client, providerId: string) => by.post('/sso/request-domain-verification', { providerId });
const verify = (by: Client, providerId: string) => by.post('/sso/verify-domain', { providerId });
/** The answer is `{code, message}` with this status and code (and message, when given). */
function expectCode(res: { status: number; body: { code?: string; message?: string } }, status: number, code: string, message?: string): void {
  expect({ status: res.status, code: res.body.code, ...(message ? { message: res.body.message } : {}) }).toEqual({ status, code, ...(message ? { message } : {}) });
}

const signInBody = (body: Record<string, unknown>) => gateway.http.post(`${BASE}/sign-in/sso`).set('Origin', ORIGIN).send({ callbackURL: '/dashboard', ...body });

describe('registration and reading', () => {
  it('answers domainVerified: false and a domainVerificationToken; get-provider and providers show domainVerified', async () => {
    const provider = await register(owner);
    expect(provider.domainVerified).toBe(false);
    expect(provider.domainVerificationToken).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await owner.get('/sso/get-provider', { providerId: provider.providerId })).body).toMatchObject({ providerId: provider.providerId, domainVerified: false });
    expect((await owner.get('/sso/get-provider', { providerId: provider.providerId })).body).not.toHaveProperty('domainVerificationToken');
    const listed = (await owner.get('/sso/providers')).body.providers as Array<{ providerId: string; domainVerified: boolean }>;
    expect(listed.find((p) => p.providerId === provider.providerId)).toMatchObject({ domainVerified: false });
  });
});

describe('POST /sso/request-domain-verification', () => {
  it('answers 201 with the token in force (the one registration answered)', async () => {
    const provider = await register(owner);
    const res = await requestToken(owner, provider.providerId);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ domainVerificationToken: provider.domainVerificationToken });
  });

  it('refuses anonymous callers (401), a plain member and an outsider (403), an unknown provider (404)', async () => {
    const provider = await register(owner);
    const member = await newUser(gateway, 'Plain Member');
    await addMember(owner, organizationId, member, 'member');
    const outsider = await newUser(gateway, 'Outsider');
    for (const path of ['/sso/request-domain-verification', '/sso/verify-domain']) {
      const anonymous = await gateway.http.post(`${BASE}${path}`).set('Origin', ORIGIN).send({ providerId: provider.providerId });
      expect(anonymous.status).toBe(401);
      for (const caller of [member, outsider]) expectCode(await caller.post(path, { providerId: provider.providerId }), 403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS');
      expectCode(await owner.post(path, { providerId: 'no-such-provider' }), 404, 'SSO_PROVIDER_NOT_FOUND');
    }
    expect(dns.queries.filter((name) => name.includes(provider.providerId))).toEqual([]);
  });
});

describe('POST /sso/verify-domain', () => {
  it('verifies the bare token at _better-auth-token-<providerId>.<domain> (204); then both routes answer 409 DOMAIN_VERIFIED', async () => {
    const provider = await register(owner);
    dns.publish(recordName(provider.providerId, provider.domain), ['v=spf1 -all', provider.domainVerificationToken]);
    const res = await verify(owner, provider.providerId);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(dns.queries).toContain(recordName(provider.providerId, provider.domain));
    expect((await owner.get('/sso/get-provider', { providerId: provider.providerId })).body.domainVerified).toBe(true);
    expectCode(await verify(owner, provider.providerId), 409, 'DOMAIN_VERIFIED', 'Domain has already been verified');
    expectCode(await requestToken(owner, provider.providerId), 409, 'DOMAIN_VERIFIED');
  });

  it('verifies the form _better-auth-token-<providerId>=<token> (204)', async () => {
    const provider = await register(owner);
    dns.publish(recordName(provider.providerId, provider.domain), [`_better-auth-token-${provider.providerId}=${provider.domainVerificationToken}`]);
    expect((await verify(owner, provider.providerId)).status).toBe(204);
  });

  it('answers 502 DOMAIN_VERIFICATION_FAILED with no record, a wrong value, or the token under another name; the provider stays unverified', async () => {
    const provider = await register(owner);
    const failed = async () => expectCode(await verify(owner, provider.providerId), 502, 'DOMAIN_VERIFICATION_FAILED', 'Unable to verify domain ownership. Try again later');
    await failed();
    dns.publish(recordName(provider.providerId, provider.domain), ['not-the-token', `_better-auth-token-${provider.providerId}=wrong`, `${provider.domainVerificationToken}x`]);
    await failed();
    dns.publish(recordName(provider.providerId, provider.domain), []);
    // The token at the bare domain, under another provider's name, and keyed by another provider.
    dns.publish(provider.domain, [provider.domainVerificationToken]);
    dns.publish(recordName('someone-else', provider.domain), [provider.domainVerificationToken]);
    dns.publish(`_better-auth-token.${provider.domain}`, [provider.domainVerificationToken]);
    await failed();
    dns.publish(recordName(provider.providerId, provider.domain), [`_better-auth-token-someone-else=${provider.domainVerificationToken}`]);
    await failed();
    expect((await owner.get('/sso/get-provider', { providerId: provider.providerId })).body.domainVerified).toBe(false);
  });

  it('refuses a domain another organization verified: 409 at register and at verify-domain (even with its record published)', async () => {
    const shared = `shared-${Date.now()}.example`;
    const first = await register(owner, { domain: shared });
    const rivalOwner = await newUser(gateway, 'Rival');
    const rival = await createOrganization(rivalOwner, 'Rival Clinic');
    // The rival registers while the domain is still unverified...
    const early = await register(rivalOwner, { domain: shared, organizationId: rival.id });
    await verifySsoDomain(owner, dns, first);
    // ...and can neither verify it now nor register it again.
    dns.publish(recordName(early.providerId, shared), [early.domainVerificationToken]);
    expectCode(await verify(rivalOwner, early.providerId), 409, 'DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION', 'Domain verified by another organization');
    const late = await rivalOwner.post('/sso/register', { providerId: `late-${Date.now()}`, issuer: counting.issuer, domain: shared.toUpperCase(), organizationId: rival.id, oidcConfig: { ...CLIENT, authorizationEndpoint: `${counting.issuer}/a`, tokenEndpoint: `${counting.issuer}/t`, jwksEndpoint: `${counting.issuer}/j` } });
    expectCode(late, 409, 'DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION');
    // The owner's own organization may add a second provider for its domain.
    const second = await register(owner, { domain: shared });
    await verifySsoDomain(owner, dns, second);
    // Sign-ins by the domain go to a verified provider, not the rival's older unverified one.
    const started = await signInBody({ domain: shared });
    expect(started.status).toBe(200);
    expect(new URL(started.body.url).searchParams.get('redirect_uri')).toContain(`/sso/callback/${first.providerId}`);
  });

  it('lets one of two organizations racing to verify the same domain win', async () => {
    const contested = `race-${Date.now()}.example`;
    const otherOwner = await newUser(gateway, 'Racer');
    const other = await createOrganization(otherOwner, 'Racing Clinic');
    const mine = await register(owner, { domain: contested });
    const theirs = await register(otherOwner, { domain: contested, organizationId: other.id });
    dns.publish(recordName(mine.providerId, contested), [mine.domainVerificationToken]);
    dns.publish(recordName(theirs.providerId, contested), [theirs.domainVerificationToken]);
    const answers = await Promise.all([verify(owner, mine.providerId), verify(otherOwner, theirs.providerId)]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
    expect(await db().ssoProvider.count({ where: { domain: contested, domainVerified: true } })).toBe(1);
  });
});

describe('sign-in through an unverified provider', () => {
  it('answers 401 PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED by email, domain, providerId and organization slug; the IdP sees nothing', async () => {
    const soloOwner = await newUser(gateway, 'Solo');
    const solo = await createOrganization(soloOwner, 'Unverified Practice');
    const provider = await register(soloOwner, { organizationId: solo.id });
    const seen = counting.requests.length;
    for (const body of [{ email: `ann@${provider.domain}` }, { domain: provider.domain }, { providerId: provider.providerId }, { organizationSlug: solo.slug }]) {
      const browser = new CookieJar();
      const res = await signInBody(body);
      browser.store(res);
      expectCode(res, 401, 'PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED', 'Provider domain has not been verified');
      expect(res.body).not.toHaveProperty('url');
      expect(browser.has('tend.sso_state')).toBe(false);
    }
    expect(counting.requests.slice(seen)).toEqual([]);
    // Verified, the same routing keys reach the IdP's authorization endpoint (the control).
    await verifySsoDomain(soloOwner, dns, provider);
    for (const body of [{ email: `ann@${provider.domain}` }, { domain: provider.domain }, { providerId: provider.providerId }, { organizationSlug: solo.slug }]) {
      const res = await signInBody(body);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(new RegExp(`^${counting.issuer}/authorize\\?`));
    }
  });

  it('gives no session at the callback once the domain changed (update-provider): the provider is unverified again, the IdP is not asked', async () => {
    const provider = await register(owner);
    await verifySsoDomain(owner, dns, provider);
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { providerId: provider.providerId, errorCallbackURL: '/sso-failed' });
    const changed = await owner.post('/sso/update-provider', { providerId: provider.providerId, domain: `moved-${provider.domain}` });
    expect(changed.status).toBe(200);
    expect(changed.body.domainVerified).toBe(false);
    const seen = counting.requests.length;
    const back = new URL(`${ORIGIN}${BASE}/sso/callback/${provider.providerId}`);
    back.searchParams.set('code', 'a-code');
    back.searchParams.set('state', url.searchParams.get('state')!);
    const res = await returnToCallback(gateway, browser, back);
    expect(res.headers.location).toBe('/sso-failed?error=domain_not_verified');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(counting.requests.slice(seen)).toEqual([]);
    expectCode(await signInBody({ providerId: provider.providerId }), 401, 'PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED');
  });

  it('gives no session for a sign-in started before a change of domain, even once the new domain is verified', async () => {
    const provider = await register(owner);
    await verifySsoDomain(owner, dns, provider);
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { providerId: provider.providerId, errorCallbackURL: '/sso-failed' });
    const moved = `moved2-${provider.domain}`;
    expect((await owner.post('/sso/update-provider', { providerId: provider.providerId, domain: moved })).status).toBe(200);
    await verifySsoDomain(owner, dns, { providerId: provider.providerId, domain: moved });
    const seen = counting.requests.length;
    const back = new URL(`${ORIGIN}${BASE}/sso/callback/${provider.providerId}`);
    back.searchParams.set('code', 'a-code');
    back.searchParams.set('state', url.searchParams.get('state')!);
    const res = await returnToCallback(gateway, browser, back);
    expect(res.headers.location).toBe('/sso-failed?error=domain_not_verified');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(counting.requests.slice(seen)).toEqual([]);
  });

  it('gives no session at the SAML ACS once the domain changed, for a correctly signed response', async () => {
    const idp = createSamlIdp({ keys: await generateSigningKeys() });
    const providerId = `dv-saml-${Date.now()}`;
    const domain = `${providerId}.example`;
    const res = await owner.post('/sso/register', { providerId, issuer: `https://tend.test/saml/${providerId}`, domain, organizationId, samlConfig: { entryPoint: idp.entryPoint, cert: idp.cert, idpMetadata: { entityID: idp.entityId } } });
    expect(res.status).toBe(200);
    expect(res.body.domainVerified).toBe(false);
    await verifySsoDomain(owner, dns, res.body);
    const who = { nameID: `sam@${domain}`, email: `sam@${domain}`, givenName: 'Sam', surname: 'Saml' };
    const url = await startSso(gateway, new CookieJar(), { providerId, errorCallbackURL: '/sso-failed' });
    expect((await owner.post('/sso/update-provider', { providerId, domain: `other-${domain}` })).status).toBe(200);
    const browser = new CookieJar();
    const acs = await postToAcs(gateway, providerId, await idp.respond(url.toString(), who), browser);
    expect(acs.headers.location).toBe('/sso-failed?error=domain_not_verified');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await db().user.findUnique({ where: { email: who.email } })).toBeNull();
  });
});

describe('an IdP answer for an address outside the verified domain', () => {
  let idp: OidcIdp;
  afterAll(() => idp?.close());

  it('is never linked to an existing account, even when the IdP says it verified the address', async () => {
    const providerId = `dv-oidc-${Date.now()}`;
    idp = await startOidcIdp({ ...CLIENT, redirectURIs: [`${ORIGIN}${BASE}/sso/callback/${providerId}`], account: { sub: 'x', email: 'x@x.example', name: 'X' } });
    const domain = `${providerId}.example`;
    const registered = await owner.post('/sso/register', { providerId, issuer: idp.issuer, domain, organizationId, oidcConfig: CLIENT });
    expect(registered.status).toBe(200);
    await verifySsoDomain(owner, dns, registered.body);
    const victim = await newUser(gateway, 'Victim');
    await db().user.update({ where: { id: victim.user.id }, data: { emailVerified: true } });
    idp.account = { sub: 'attacker-1', email: victim.user.email, name: 'Not the victim', email_verified: true };
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { providerId });
    const res = await returnToCallback(gateway, browser, await idp.authorize(url.toString()));
    expect(ssoErrorOf(res, ERROR_PAGE)).toBe('account_not_linked');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await db().account.findMany({ where: { userId: victim.user.id, providerId: `sso:${providerId}` } })).toEqual([]);
    expect((await get(gateway, '/get-session', browser)).body).toBeNull();
  });
});
