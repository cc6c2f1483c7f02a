// SSO through SAML 2.0 over HTTP: a SAML identity provider built with samlify (signing with a key
// pair made at test time) answers the gateway's real AuthnRequests; its posts to the ACS arrive
// cross-site and without cookies, as a browser sends them.
import { inflateRawSync } from 'node:zlib';
import { createSamlIdp, generateSigningKeys, startTxtServer, type SamlIdp, type TxtServer } from '@tend/sso/testing';
import { BASE, CookieJar, ORIGIN, SESSION_COOKIE, createOrganization, get, markSsoDomainVerifiedWithoutDns, newUser, postToAcs, ssoDnsConfig, ssoErrorOf, startSso, startGateway, verifySsoDomain, type Client, type TestGateway } from './harness/index.js';
import { PLATFORM } from '../src/platform.js';
import { TOKENS } from '../src/tokens.js';

const DOMAIN = 'fabrikam.example';
const SP_ENTITY_ID = 'https://tend.test/saml/fabrikam';
const ERROR_PAGE = `${ORIGIN}${BASE}/error`;
const ACS = `${ORIGIN}${BASE}/sso/saml2/sp/acs/fabrikam`;

let idp: SamlIdp;
let impostor: SamlIdp;
let dns: TxtServer;
let gateway: TestGateway;
let owner: Client;
let organizationId: string;

beforeAll(async () => {
  idp = createSamlIdp({ keys: await generateSigningKeys() });
  // Same entity id and entry point, another key.
  impostor = createSamlIdp({ keys: await generateSigningKeys('impostor.test') });
  dns = await startTxtServer();
  gateway = await startGateway(ssoDnsConfig(dns));
  owner = await newUser(gateway, 'Owner');
  organizationId = (await createOrganization(owner, 'Fabrikam Care')).id;
  const res = await owner.post('/sso/register', { providerId: 'fabrikam', issuer: SP_ENTITY_ID, domain: DOMAIN, organizationId, samlConfig: { entryPoint: idp.entryPoint, cert: idp.cert, idpMetadata: { entityID: idp.entityId } } });
  expect(res.status).toBe(200);
  expect(res.body.samlConfig).toMatchObject({ acsURL: ACS, spMetadataURL: `${ORIGIN}${BASE}/sso/saml2/sp/metadata?providerId=fabrikam`, idpEntityId: idp.entityId, audience: SP_ENTITY_ID, wantAssertionsSigned: true });
  await verifySsoDomain(owner, dns, res.body);
});
afterAll(async () => {
  await gateway.close();
  await dns.close();
});

const db = () => gateway.container.get(TOKENS.Database);
let counter = 0;
const person = () => {
  counter += 1;
  return { nameID: `person${counter}@${DOMAIN}`, email: `person${counter}@${DOMAIN}`, givenName: 'Grace', surname: `Hopper${counter}` };
};

async function begin(body: Record<string, unknown> = {}) {
  return startSso(gateway, new CookieJar(), { email: `someone@${DOMAIN}`, errorCallbackURL: '/sso-failed', ...body });
}

async function sessionUser(browser: CookieJar) {
  return (await get(gateway, '/get-session', browser).expect(200)).body?.user ?? null;
}

it('serves the service provider metadata: entityID and an HTTP-POST ACS; unknown provider 404', async () => {
  const res = await gateway.http.get(`${BASE}/sso/saml2/sp/metadata`).query({ providerId: 'fabrikam' });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
  expect(res.text).toContain(`entityID="${SP_ENTITY_ID}"`);
  expect(res.text).toMatch(new RegExp(`AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${ACS.replace(/[.?]/g, '\\$&')}"`));
  const unknown = await gateway.http.get(`${BASE}/sso/saml2/sp/metadata`).query({ providerId: 'nope' });
  expect([unknown.status, unknown.body.code]).toEqual([404, 'SSO_PROVIDER_NOT_FOUND']);
});

it('sends the browser to the entry point with a deflated AuthnRequest and a RelayState', async () => {
  const url = await begin();
  expect(`${url.origin}${url.pathname}`).toBe(idp.entryPoint);
  expect(url.searchParams.get('RelayState')!.length).toBeGreaterThanOrEqual(16);
  const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
  expect(request).toMatch(/<samlp:AuthnRequest[^>]* ID="_[A-Za-z0-9]+"/);
  expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`);
  expect(request).toContain(`>${SP_ENTITY_ID}</saml:Issuer>`);
});

it('signs in a new user from a signed response (name from givenName + surname), joins the organization as member once', async () => {
  const who = person();
  const url = await begin({ email: who.email });
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'fabrikam', await idp.respond(url.toString(), who), browser);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/welcome');
  expect(browser.has(SESSION_COOKIE)).toBe(true);
  const user = await sessionUser(browser);
  expect(user).toMatchObject({ email: who.email, name: `Grace ${who.surname}`, emailVerified: true });
  const again = new CookieJar();
  const second = await postToAcs(gateway, 'fabrikam', await idp.respond((await begin({ email: who.email })).toString(), who), again);
  expect(second.headers.location).toBe('/dashboard');
  expect((await sessionUser(again)).id).toBe(user.id);
  expect(await db().member.findMany({ where: { organizationId, userId: user.id } })).toEqual([expect.objectContaining({ role: 'member' })]);
});

it('refuses a replayed response, with its RelayState, without it, and its assertion under a new request', async () => {
  const who = person();
  const url = await begin({ email: who.email });
  const form = await idp.respond(url.toString(), who, { assertionId: `_replayed${counter}` });
  expect((await postToAcs(gateway, 'fabrikam', form)).headers.location).toBe('/welcome');
  const withRelay = await postToAcs(gateway, 'fabrikam', form, new CookieJar());
  expect(ssoErrorOf(withRelay, ERROR_PAGE)).toBe('unsolicited_response');
  expect(ssoErrorOf(await postToAcs(gateway, 'fabrikam', { SAMLResponse: form.SAMLResponse }), ERROR_PAGE)).toBe('unsolicited_response');
  // The same assertion ID answering a fresh request: its signature is fine, its ID is spent.
  const fresh = await idp.respond((await begin()).toString(), who, { assertionId: `_replayed${counter}` });
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'fabrikam', fresh, browser);
  expect(res.headers.location).toBe('/sso-failed?error=replayed_assertion');
  expect(browser.has(SESSION_COOKIE)).toBe(false);
});

describe.each([
  ['an unsigned response', (url: string, who: ReturnType<typeof person>) => idp.respondUnsigned(url, who), 'invalid_saml_response'],
  ["another key's signature", (url: string, who: ReturnType<typeof person>) => impostor.respond(url, who), 'invalid_saml_response'],
  ['another audience', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { audience: 'https://other-sp.example' }), 'invalid_saml_response'],
  ['an expired assertion', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { notBefore: new Date(Date.now() - 3_600_000), notOnOrAfter: new Date(Date.now() - 1_800_000) }), 'invalid_saml_response'],
  ['a Recipient of another ACS', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { recipient: `${ORIGIN}${BASE}/sso/saml2/sp/acs/other` }), 'invalid_saml_response'],
  ['a Destination of another ACS', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { destination: 'https://elsewhere.example/acs' }), 'invalid_saml_response'],
  ['an answer to another request', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { inResponseTo: '_someOtherRequest' }), 'invalid_saml_response'],
  ['an unsolicited response (no InResponseTo)', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { inResponseTo: null }), 'unsolicited_response'],
  ['another issuer', (url: string, who: ReturnType<typeof person>) => idp.respond(url, who, { issuer: 'https://other-idp.example' }), 'invalid_saml_response'],
])('refuses %s', (_name, respond, code) => {
  it(`with error=${code}, no session, no user, no member`, async () => {
    const who = person();
    const url = await begin({ email: who.email });
    const browser = new CookieJar();
    const res = await postToAcs(gateway, 'fabrikam', await respond(url.toString(), who), browser);
    expect(res.headers.location).toBe(`/sso-failed?error=${code}`);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await db().user.findUnique({ where: { email: who.email } })).toBeNull();
  });
});

it('accepts a response signed at the Response level (Google Workspace): the signature covers its one assertion', async () => {
  const who = person();
  const url = await begin({ email: who.email });
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'fabrikam', await idp.respond(url.toString(), who, { signAt: 'response' }), browser);
  expect(res.headers.location).toBe('/welcome');
  expect(browser.has(SESSION_COOKIE)).toBe(true);
  expect(await sessionUser(browser)).toMatchObject({ email: who.email });
});

it.each(['response', 'assertion'] as const)("accepts Google Workspace's shape of response (saml2 prefixes declared where used), signed at the %s", async (signAt) => {
  const who = person();
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'fabrikam', await idp.respond((await begin({ email: who.email })).toString(), who, { signAt, style: 'google' }), browser);
  expect(res.headers.location).toBe('/welcome');
  expect(await sessionUser(browser)).toMatchObject({ email: who.email, name: `Grace ${who.surname}` });
});

it('accepts a response signed at both levels', async () => {
  const who = person();
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'fabrikam', await idp.respond((await begin({ email: who.email })).toString(), who, { signAt: 'both' }), browser);
  expect(res.headers.location).toBe('/welcome');
  expect(browser.has(SESSION_COOKIE)).toBe(true);
});

describe.each([
  ['the signed assertion moved into <samlp:Extensions>, an unsigned one in its place', 'signed-in-extensions'],
  ['a second, unsigned assertion after the signed one', 'second-assertion-after'],
  ['a second, unsigned assertion before the signed one', 'second-assertion-before'],
] as const)('refuses signature wrapping: %s', (_name, form) => {
  it('with error=invalid_saml_response, no session, no user for either address', async () => {
    const who = person();
    const victim = person();
    const url = await begin({ email: who.email });
    const browser = new CookieJar();
    const res = await postToAcs(gateway, 'fabrikam', await idp.respondWrapped(url.toString(), who, victim, form), browser);
    expect(res.headers.location).toBe('/sso-failed?error=invalid_saml_response');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await db().user.findMany({ where: { email: { in: [who.email, victim.email] } } })).toEqual([]);
  });
});

it('links an existing verified account once: a transient NameID (new each sign-in) signs the same user in without a new link notice', async () => {
  const local = await newUser(gateway, 'Tess Transient');
  const email = `tess.${counter}@${DOMAIN}`;
  await db().user.update({ where: { id: local.user.id }, data: { email, emailVerified: true } });
  for (const round of [1, 2]) {
    const browser = new CookieJar();
    const res = await postToAcs(gateway, 'fabrikam', await idp.respond((await begin({ email })).toString(), { nameID: `_transient-${round}-${counter}`, email, givenName: 'Tess', surname: 'Transient' }), browser);
    expect(res.headers.location).toBe('/dashboard');
    expect((await sessionUser(browser)).id).toBe(local.user.id);
  }
  await gateway.container.get(PLATFORM.MailDelivery).idle();
  const notices = gateway.container.get(PLATFORM.DevOutbox)!.list().filter((mail) => mail.to === email && mail.purpose === 'sso-linked');
  expect(notices).toHaveLength(1);
  expect(await db().account.count({ where: { userId: local.user.id, providerId: 'sso:fabrikam' } })).toBe(1);
});

it('refuses a banned user at the ACS: error=banned, no session', async () => {
  const who = person();
  await postToAcs(gateway, 'fabrikam', await idp.respond((await begin({ email: who.email })).toString(), who));
  const user = await db().user.findUniqueOrThrow({ where: { email: who.email } });
  await db().member.deleteMany({ where: { userId: user.id } });
  await db().user.update({ where: { id: user.id }, data: { banned: true } });
  const browser = new CookieJar();
  const res = await postToAcs(gateway, 'fabrikam', await idp.respond((await begin({ email: who.email })).toString(), who), browser);
  expect(res.headers.location).toBe('/sso-failed?error=banned');
  expect(browser.has(SESSION_COOKIE)).toBe(false);
  expect(await db().member.findMany({ where: { userId: user.id } })).toEqual([]);
});

it('answers malformed posts with an error redirect, never a 500', async () => {
  const url = await begin();
  const relay = url.searchParams.get('RelayState')!;
  expect(ssoErrorOf(await postToAcs(gateway, 'fabrikam', { RelayState: relay }), ERROR_PAGE)).toBe('invalid_saml_response');
  for (const SAMLResponse of ['not base64 at all!', Buffer.from('<not-saml/>').toString('base64'), Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>').toString('base64')]) {
    const res = await postToAcs(gateway, 'fabrikam', { SAMLResponse, RelayState: (await begin()).searchParams.get('RelayState')! });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/sso-failed?error=invalid_saml_response');
  }
  const huge = await postToAcs(gateway, 'fabrikam', { SAMLResponse: 'A'.repeat(700_000), RelayState: relay });
  expect(huge.status).toBeGreaterThanOrEqual(400);
  expect(huge.status).toBeLessThan(500);
  const repeated = await gateway.http.post(`${BASE}/sso/saml2/sp/acs/fabrikam`).type('form').send('SAMLResponse=a&SAMLResponse=b&RelayState=x');
  expect(repeated.status).toBeGreaterThanOrEqual(300);
  expect(repeated.status).toBeLessThan(500);
  const unknown = await postToAcs(gateway, 'nope', { SAMLResponse: 'x', RelayState: relay });
  expect(ssoErrorOf(unknown, ERROR_PAGE)).toBe('provider_not_found');
});

it('refuses SAML registrations without a certificate or metadata, or with a broken certificate (400)', async () => {
  const base = { issuer: SP_ENTITY_ID, domain: 'other.example', organizationId };
  const none = await owner.post('/sso/register', { ...base, providerId: 'no-cert', samlConfig: { entryPoint: idp.entryPoint, idpMetadata: { entityID: idp.entityId } } });
  expect([none.status, none.body.code]).toEqual([400, 'SAML_CERTIFICATE_OR_METADATA_IS_REQUIRED']);
  const broken = await owner.post('/sso/register', { ...base, providerId: 'bad-cert', samlConfig: { entryPoint: idp.entryPoint, cert: 'not a certificate', idpMetadata: { entityID: idp.entityId } } });
  expect([broken.status, broken.body.code]).toEqual([400, 'INVALID_SAML_CONFIGURATION']);
  // PEM armour around something that is no X.509 certificate.
  const armoured = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
  const fake = await owner.post('/sso/register', { ...base, providerId: 'fake-cert', samlConfig: { entryPoint: idp.entryPoint, cert: armoured, idpMetadata: { entityID: idp.entityId } } });
  expect([fake.status, fake.body.code]).toEqual([400, 'INVALID_SAML_CONFIGURATION']);
  const changed = await owner.post('/sso/update-provider', { providerId: 'fabrikam', samlConfig: { cert: armoured } });
  expect([changed.status, changed.body.code]).toEqual([400, 'INVALID_SAML_CONFIGURATION']);
  const both = await owner.post('/sso/register', { ...base, providerId: 'both', samlConfig: { entryPoint: idp.entryPoint, cert: idp.cert, idpMetadata: { entityID: idp.entityId } }, oidcConfig: { clientId: 'a', clientSecret: 'b' } });
  expect([both.status, both.body.code]).toEqual([400, 'EITHER_OIDCCONFIG_OR_SAMLCONFIG_IS_REQUIRED']);
});

describe('a provider registered with the IdP metadata', () => {
  /** IdP metadata: its signing certificate (when given) and a single sign-on service of `binding`. */
  const metadataOf = (cert: string | null, sso: { binding: 'HTTP-Redirect' | 'HTTP-POST'; location: string }) =>
    `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${idp.entityId}"><IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    (cert ? `<KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert.replace(/-----[^-]+-----|\s/g, '')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>` : '') +
    `<SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${sso.binding}" Location="${sso.location}"/></IDPSSODescriptor></EntityDescriptor>`;
  const register = async (providerId: string, samlConfig: Record<string, unknown>) => {
    const res = await owner.post('/sso/register', { providerId, issuer: `https://tend.test/saml/${providerId}`, domain: `${providerId}.example`, organizationId, samlConfig: { entryPoint: idp.entryPoint, ...samlConfig } });
    // Not about domain verification: these providers are trusted without DNS.
    if (res.status === 200) await markSsoDomainVerifiedWithoutDns(gateway, providerId);
    return res;
  };
  const signIn = async (providerId: string) => {
    const url = await startSso(gateway, new CookieJar(), { providerId, errorCallbackURL: '/sso-failed' });
    const who = { nameID: `mia@${providerId}.example`, email: `mia@${providerId}.example`, givenName: 'Mia', surname: 'Meta' };
    return { url, res: await postToAcs(gateway, providerId, await idp.respond(url.toString(), who)) };
  };

  it('sends the browser to the registered entry point (whatever bindings the metadata lists) and verifies with its signing certificate', async () => {
    const res = await register('meta-post', { idpMetadata: { metadata: metadataOf(idp.cert, { binding: 'HTTP-POST', location: 'https://idp.example.test/post-sso' }) } });
    expect(res.status).toBe(200);
    const { url, res: acs } = await signIn('meta-post');
    expect(`${url.origin}${url.pathname}`).toBe(idp.entryPoint);
    expect(acs.headers.location).toBe('/welcome');
  });

  it('verifies with the registered certificate when the metadata carries none, and refuses metadata without a signing certificate and no certificate (400)', async () => {
    const sso = { binding: 'HTTP-Redirect' as const, location: idp.entryPoint };
    expect((await register('meta-cert', { cert: idp.cert, idpMetadata: { metadata: metadataOf(null, sso) } })).status).toBe(200);
    expect((await signIn('meta-cert')).res.headers.location).toBe('/welcome');
    const none = await register('meta-none', { idpMetadata: { metadata: metadataOf(null, sso) } });
    expect([none.status, none.body.code]).toEqual([400, 'INVALID_SAML_CONFIGURATION']);
  });

  it('uses a certificate changed by /sso/update-provider over the one of the metadata', async () => {
    const rotated = createSamlIdp({ keys: await generateSigningKeys('rotated.test') });
    const sso = { binding: 'HTTP-Redirect' as const, location: idp.entryPoint };
    expect((await register('meta-rotated', { idpMetadata: { metadata: metadataOf(rotated.cert, sso) } })).status).toBe(200);
    expect((await signIn('meta-rotated')).res.headers.location).toBe('/sso-failed?error=invalid_saml_response');
    expect((await owner.post('/sso/update-provider', { providerId: 'meta-rotated', samlConfig: { cert: idp.cert } })).status).toBe(200);
    expect((await signIn('meta-rotated')).res.headers.location).toBe('/welcome');
  });
});
