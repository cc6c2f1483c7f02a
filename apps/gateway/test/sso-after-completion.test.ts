// SSO's side effects wait for the session: the link to an existing account, the organization
// membership (the organizations package's join, with its membership limit) and the "provider
// linked" mail happen only when the sign-in completion answers a session — for a two-factor user, once the second factor is
// answered, and never after a wrong answer alone. A full organization leaves the sign-in
// standing without the membership, and the refusal in the audit log.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { createSamlIdp, generateSigningKeys, type SamlIdp } from '@tend/sso/testing';
import { stepAt, totpAt } from '@tend/two-factor';
import { PLATFORM } from '../src/platform.js';
import { TOKENS } from '../src/tokens.js';
import { CookieJar, SESSION_COOKIE, createOrganization, get, markSsoDomainVerifiedWithoutDns, newUser, organizationConfig, post, postToAcs, startSso, startGateway, type Client, type TestGateway } from './harness/index.js';

const WEB = 'http://localhost:4300';
const DOMAIN = 'northwind.example';
const FULL_DOMAIN = 'full-clinic.example';

let idp: SamlIdp;
let gateway: TestGateway;
let organizationId: string;
let fullOrganizationId: string;

/** Registers a SAML provider of `domain` for a new organization of a new owner; answers the organization. */
async function providerFor(providerId: string, domain: string, name: string): Promise<string> {
  const owner = await newUser(gateway, `${name} Owner`);
  const id = (await createOrganization(owner, name)).id;
  const res = await owner.post('/sso/register', { providerId, issuer: `https://tend.test/saml/${providerId}`, domain, organizationId: id, samlConfig: { entryPoint: idp.entryPoint, cert: idp.cert, idpMetadata: { entityID: idp.entityId } } });
  expect(res.status).toBe(200);
  // Not about domain verification (sso-domain-verification.test.ts is): trusted without DNS.
  await markSsoDomainVerifiedWithoutDns(gateway, providerId);
  return id;
}

beforeAll(async () => {
  idp = createSamlIdp({ keys: await generateSigningKeys() });
  // Two members per organization: the owner and one more.
  gateway = await startGateway(organizationConfig({ membershipLimit: 2, webURL: WEB }));
  organizationId = await providerFor('northwind', DOMAIN, 'Northwind Care');
  fullOrganizationId = await providerFor('full-clinic', FULL_DOMAIN, 'Full Clinic');
});
afterAll(() => gateway.close());

const db = () => gateway.container.get(TOKENS.Database);
const linksOf = (userId: string, providerId: string) => db().account.count({ where: { userId, providerId: `sso:${providerId}` } });
const membersOf = async (organization: string, userId: string) => (await db().member.findMany({ where: { organizationId: organization, userId } })).map((member) => member.role);

async function linkedMails(email: string) {
  await gateway.container.get(PLATFORM.MailDelivery).idle();
  return gateway.container.get(PLATFORM.DevOutbox)!.list().filter((mail) => mail.to === email && mail.purpose === 'sso-linked');
}

async function auditOf(userId: string, action: string) {
  await gateway.container.get(TOKENS.AuditLog).flush();
  return db().auditEvent.findMany({ where: { targetUserId: userId, action } });
}

/** The SAML IdP's answer for `email`, posted to the ACS by `browser`. */
async function signInBySso(providerId: string, email: string, browser: CookieJar) {
  const url = await startSso(gateway, new CookieJar(), { email });
  return postToAcs(gateway, providerId, await idp.respond(url.toString(), { nameID: email, email, givenName: 'Tori', surname: 'Twofactor' }), browser);
}

/** Turns two-factor on for a signed-in client; answers the code maker. */
async function turnOnTwoFactor(client: Client) {
  const enabled = await client.post('/two-factor/enable', { password: 'correct horse battery' });
  expect(enabled.status).toBe(200);
  const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
  const code = () => totpAt(secret, stepAt(gateway.clock.now()));
  expect((await client.post('/two-factor/verify-totp', { code: code() })).status).toBe(200);
  gateway.clock.advance(30_000);
  return code;
}

/** An existing account of the provider's domain, its address verified, with two-factor on. */
async function twoFactorUser(domain: string) {
  const local = await newUser(gateway, 'Tori Twofactor');
  const code = await turnOnTwoFactor(local);
  const email = `tori.${Math.random().toString(36).slice(2, 8)}@${domain}`;
  await db().user.update({ where: { id: local.user.id }, data: { email, emailVerified: true } });
  return { userId: local.user.id, email, code };
}

it('adds the membership and mails the link only once the second factor is answered; a wrong answer adds neither', async () => {
  const { userId, email, code } = await twoFactorUser(DOMAIN);
  const browser = new CookieJar();
  const res = await signInBySso('northwind', email, browser);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(`${WEB}/sign-in/two-factor?callbackURL=${encodeURIComponent('/dashboard')}`);
  expect(browser.has(SESSION_COOKIE)).toBe(false);
  expect(await membersOf(organizationId, userId)).toEqual([]);
  expect(await linkedMails(email)).toEqual([]);
  expect(await linksOf(userId, 'northwind')).toBe(0);

  const wrong = String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
  const refused = await post(gateway, '/two-factor/verify-totp', browser, { code: wrong });
  expect(refused.status).toBe(401);
  expect(await membersOf(organizationId, userId)).toEqual([]);
  expect(await linkedMails(email)).toEqual([]);
  expect(await auditOf(userId, 'organization.member.add')).toEqual([]);
  expect(await linksOf(userId, 'northwind')).toBe(0);

  const answered = await post(gateway, '/two-factor/verify-totp', browser, { code: code() });
  browser.store(answered);
  expect(answered.status).toBe(200);
  expect(browser.has(SESSION_COOKIE)).toBe(true);
  expect((await get(gateway, '/get-session', browser).expect(200)).body.user.id).toBe(userId);
  expect(await membersOf(organizationId, userId)).toEqual(['member']);
  expect(await linkedMails(email)).toHaveLength(1);
  expect(await linksOf(userId, 'northwind')).toBe(1);
  expect(await auditOf(userId, 'organization.member.add')).toEqual([expect.objectContaining({ organizationId, detail: expect.objectContaining({ via: 'sso', provider: 'northwind', role: 'member' }) })]);
});

it('signs in without the membership when the organization is full, and records the refusal', async () => {
  const first = `first.${Date.now()}@${FULL_DOMAIN}`;
  const firstBrowser = new CookieJar();
  expect((await signInBySso('full-clinic', first, firstBrowser)).headers.location).toBe('/welcome');
  const firstUser = (await get(gateway, '/get-session', firstBrowser).expect(200)).body.user.id as string;
  expect(await membersOf(fullOrganizationId, firstUser)).toEqual(['member']);

  const second = `second.${Date.now()}@${FULL_DOMAIN}`;
  const browser = new CookieJar();
  const res = await signInBySso('full-clinic', second, browser);
  expect(res.headers.location).toBe('/welcome');
  expect(browser.has(SESSION_COOKIE)).toBe(true);
  const secondUser = (await get(gateway, '/get-session', browser).expect(200)).body.user.id as string;
  expect(await membersOf(fullOrganizationId, secondUser)).toEqual([]);
  expect(await db().member.count({ where: { organizationId: fullOrganizationId } })).toBe(2);
  expect(await auditOf(secondUser, 'organization.member.limit-reached')).toEqual([expect.objectContaining({ organizationId: fullOrganizationId, detail: expect.objectContaining({ via: 'sso', provider: 'full-clinic' }) })]);
});

it('adds nothing for a second-factor challenge left unanswered', async () => {
  const { userId, email } = await twoFactorUser(DOMAIN);
  const browser = new CookieJar();
  expect((await signInBySso('northwind', email, browser)).headers.location).toMatch(`${WEB}/sign-in/two-factor?`);
  // The pending sign-in outlives its ten minutes: nothing was ever issued. (Last: the SAML IdP
  // dates its assertions by the real clock, which the gateway's no longer matches after this.)
  gateway.clock.advance(601_000);
  const late = await post(gateway, '/two-factor/verify-totp', browser, { code: '123456' });
  expect(late.status).toBe(401);
  expect(await membersOf(organizationId, userId)).toEqual([]);
  expect(await linkedMails(email)).toEqual([]);
  expect(await linksOf(userId, 'northwind')).toBe(0);
});
