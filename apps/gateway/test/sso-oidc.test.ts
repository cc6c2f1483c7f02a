// SSO through OIDC over HTTP: a real OpenID provider (oidc-provider) on 127.0.0.1 for the flows a
// conformant IdP takes, and a forging one (its own keys and claims) for the id tokens it must refuse.
import { startForgingIdp, startOidcIdp, startTxtServer, type ForgingIdp, type OidcIdp, type TxtServer } from '@tend/sso/testing';
import { BASE, CookieJar, ORIGIN, SSO_STATE_COOKIE, SESSION_COOKIE, auditLog, createOrganization, get, markSsoDomainVerifiedWithoutDns, newUser, returnToCallback, signInAdmin, ssoDnsConfig, ssoErrorOf, startSso, startGateway, verifySsoDomain, type Client, type TestGateway } from './harness/index.js';
import { PLATFORM } from '../src/platform.js';
import { TOKENS } from '../src/tokens.js';

const CLIENT = { clientId: 'tend-sso-client', clientSecret: 'sso-client-secret-0123456789abcdef' };
const DOMAIN = 'contoso.example';
const ERROR_PAGE = `${ORIGIN}${BASE}/error`;
const redirectURIOf = (providerId: string) => `${ORIGIN}${BASE}/sso/callback/${providerId}`;

let idp: OidcIdp;
let dns: TxtServer;
let gateway: TestGateway;
let owner: Client;
let organizationId: string;
let organizationSlug: string;
let warn: jest.SpyInstance;

beforeAll(async () => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  idp = await startOidcIdp({ ...CLIENT, redirectURIs: [redirectURIOf('contoso'), redirectURIOf('contoso-post')], account: { sub: 'idp-user-1', email: `ines@${DOMAIN}`, name: 'Ines Idp' } });
  dns = await startTxtServer();
  gateway = await startGateway(ssoDnsConfig(dns));
  owner = await newUser(gateway, 'Owner');
  const organization = await createOrganization(owner, 'Contoso Clinic');
  organizationId = organization.id;
  organizationSlug = organization.slug;
  const res = await owner.post('/sso/register', { providerId: 'contoso', issuer: idp.issuer, domain: DOMAIN, organizationId, oidcConfig: CLIENT });
  expect(res.status).toBe(200);
  await verifySsoDomain(owner, dns, res.body);
});
afterAll(async () => {
  await gateway.close();
  await idp.close();
  await dns.close();
  warn.mockRestore();
});

const db = () => gateway.container.get(TOKENS.Database);
const membersOf = (userId: string) => db().member.findMany({ where: { organizationId, userId } });

async function signInAs(account: { sub: string; email: string; name: string; email_verified?: boolean }, body: Record<string, unknown> = {}) {
  idp.account = account;
  const browser = new CookieJar();
  const url = await startSso(gateway, browser, { email: account.email, ...body });
  const back = await idp.authorize(url.toString());
  const res = await returnToCallback(gateway, browser, back);
  return { browser, url, back, res };
}

describe('registration', () => {
  it('fills the endpoints from the discovery document, answers the redirect URI and never the client secret', async () => {
    const res = await owner.get('/sso/get-provider', { providerId: 'contoso' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      providerId: 'contoso',
      type: 'oidc',
      issuer: idp.issuer,
      domain: DOMAIN,
      organizationId,
      userId: owner.user.id,
      redirectURI: redirectURIOf('contoso'),
      oidcConfig: { clientId: CLIENT.clientId, pkce: true, authorizationEndpoint: `${idp.issuer}/auth`, tokenEndpoint: `${idp.issuer}/token`, jwksEndpoint: `${idp.issuer}/jwks`, scopes: ['openid', 'email', 'profile'] },
      samlConfig: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(CLIENT.clientSecret);
    expect(res.body.oidcConfig).not.toHaveProperty('clientSecret');
    const row = await db().ssoProvider.findUnique({ where: { providerId: 'contoso' } });
    expect(row?.oidcConfig).not.toContain(CLIENT.clientSecret);
    expect(JSON.parse(row!.oidcConfig!).clientSecret).toMatch(/^enc\.v1\./);
  });

  it('refuses a discovery document naming another issuer (400) and a second provider under a taken providerId (422)', async () => {
    const forged = await startForgingIdp();
    try {
      const mismatch = await owner.post('/sso/register', { providerId: 'liar', issuer: forged.issuer, domain: 'liar.example', organizationId, oidcConfig: { ...CLIENT, discoveryEndpoint: `${forged.issuer}/lying-discovery` } });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.code).toBe('SSO_ISSUER_MISMATCH');
    } finally {
      await forged.close();
    }
    // The issuer as written, not as a URL parser normalizes it: the id tokens name it to the character.
    const slashed = await owner.post('/sso/register', { providerId: 'slashed', issuer: `${idp.issuer}/`, domain: 'slashed.example', organizationId, oidcConfig: CLIENT });
    expect([slashed.status, slashed.body.code]).toEqual([400, 'SSO_ISSUER_MISMATCH']);
    const duplicate = await owner.post('/sso/register', { providerId: 'contoso', issuer: idp.issuer, domain: 'other.example', organizationId, oidcConfig: CLIENT });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.code).toBe('SSO_PROVIDER_ALREADY_EXISTS');
  });
});

describe('sign-in', () => {
  it('sends the browser to the IdP with state, nonce, PKCE S256 and openid, bound by a cookie', async () => {
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { email: `someone@${DOMAIN}` });
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(CLIENT.clientId);
    expect(params.get('redirect_uri')).toBe(redirectURIOf('contoso'));
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')?.split(' ')).toContain('openid');
    expect(params.get('state')!.length).toBeGreaterThanOrEqual(16);
    expect(params.get('nonce')!.length).toBeGreaterThanOrEqual(16);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.has(SSO_STATE_COOKIE)).toBe(true);
    // Routed by provider id, domain and organization slug to the same place.
    for (const body of [{ providerId: 'contoso' }, { domain: 'CONTOSO.example' }, { organizationSlug }]) {
      expect((await startSso(gateway, new CookieJar(), body)).origin).toBe(idp.issuer);
    }
  });

  it('creates a new user (verified by the IdP) with a session, a member of the organization once, and sends a returning one to callbackURL', async () => {
    const account = { sub: 'new-user-1', email: `nora@${DOMAIN}`, name: 'Nora New' };
    const first = await signInAs(account);
    expect(first.res.status).toBe(302);
    expect(first.res.headers.location).toBe('/welcome');
    expect(first.browser.has(SESSION_COOKIE)).toBe(true);
    const session = await get(gateway, '/get-session', first.browser).expect(200);
    expect(session.body.user).toMatchObject({ email: account.email, name: 'Nora New', emailVerified: true });
    const userId = session.body.user.id as string;
    expect(await membersOf(userId)).toEqual([expect.objectContaining({ role: 'member' })]);

    const again = await signInAs(account);
    expect(again.res.headers.location).toBe('/dashboard');
    expect((await get(gateway, '/get-session', again.browser).expect(200)).body.user.id).toBe(userId);
    expect(await membersOf(userId)).toHaveLength(1);
    // A user the provider created was linked to nothing: no "linked" notice. The second sign-in
    // came from another browser: the new-device mail, once (none at the sign-up).
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    expect(gateway.container.get(PLATFORM.DevOutbox)!.list().filter((mail) => mail.to === account.email).map((mail) => mail.purpose)).toEqual(['new-device-sign-in']);
  });

  it('refuses a replayed state and a callback from another browser (which leaves the state to its own browser)', async () => {
    const account = { sub: 'replay-1', email: `rae@${DOMAIN}`, name: 'Rae' };
    idp.account = account;
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { email: account.email, errorCallbackURL: '/sso-failed' });
    const back = await idp.authorize(url.toString());

    const stranger = new CookieJar();
    const foreign = await returnToCallback(gateway, stranger, back);
    expect(ssoErrorOf(foreign, ERROR_PAGE)).toBe('state_not_found');
    expect(stranger.has(SESSION_COOKIE)).toBe(false);

    const own = await returnToCallback(gateway, browser, back);
    expect(own.headers.location).toBe('/welcome');

    const replay = await returnToCallback(gateway, browser.only([SSO_STATE_COOKIE]), back);
    expect(ssoErrorOf(replay, ERROR_PAGE)).toBe('state_not_found');
    for (const state of ['A'.repeat(32), 'short', '']) {
      const unknown = new URL(back);
      unknown.searchParams.set('state', state);
      expect(ssoErrorOf(await returnToCallback(gateway, browser.only([SSO_STATE_COOKIE]), unknown), ERROR_PAGE)).toBe('state_not_found');
    }
  });

  it("passes the IdP's access_denied to errorCallbackURL, with no session and no member", async () => {
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { email: `den@${DOMAIN}`, errorCallbackURL: '/sso-failed' });
    const back = new URL(redirectURIOf('contoso'));
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', url.searchParams.get('state')!);
    const res = await returnToCallback(gateway, browser, back);
    expect(res.headers.location).toBe('/sso-failed?error=access_denied');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('passes a refusal whose error_description spans lines (as Entra ID sends it) to errorCallbackURL', async () => {
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { email: `den@${DOMAIN}`, errorCallbackURL: '/sso-failed' });
    const back = new URL(redirectURIOf('contoso'));
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.\r\nTrace ID: 0b1c\r\nCorrelation ID: 9f2e');
    back.searchParams.set('state', url.searchParams.get('state')!);
    const res = await returnToCallback(gateway, browser, back);
    expect([res.status, res.headers.location]).toEqual([302, '/sso-failed?error=access_denied']);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses to link an existing account whose email is unverified (account_not_linked), and links a verified one', async () => {
    const local = await newUser(gateway, 'Local');
    const email = `local.${Date.now()}@${DOMAIN}`;
    await db().user.update({ where: { id: local.user.id }, data: { email } });
    const refused = await signInAs({ sub: 'local-1', email, name: 'Local' }, { errorCallbackURL: '/sso-failed' });
    expect(refused.res.headers.location).toBe('/sso-failed?error=account_not_linked');
    expect(refused.browser.has(SESSION_COOKIE)).toBe(false);
    expect(await membersOf(local.user.id)).toEqual([]);

    await db().user.update({ where: { id: local.user.id }, data: { emailVerified: true } });
    const linked = await signInAs({ sub: 'local-1', email, name: 'Local' });
    expect(linked.res.headers.location).toBe('/dashboard');
    expect((await get(gateway, '/get-session', linked.browser).expect(200)).body.user.id).toBe(local.user.id);
    expect(await membersOf(local.user.id)).toHaveLength(1);

    // The owner of the account hears that a provider can now sign them in: once, at the link.
    const ssoMails = async () => {
      await gateway.container.get(PLATFORM.MailDelivery).idle();
      return gateway.container.get(PLATFORM.DevOutbox)!.list().filter((mail) => mail.to === email && mail.purpose === 'sso-linked');
    };
    const [notice] = await ssoMails();
    expect(notice).toMatchObject({ subject: 'Single sign-on was linked to your Tend account' });
    expect(notice!.text).toContain(DOMAIN);
    expect(notice!.links).toEqual([expect.stringMatching(/\/account$/)]);
    await signInAs({ sub: 'local-1', email, name: 'Local' });
    expect(await ssoMails()).toHaveLength(1);
  });

  it("names the SSO account by its provider's id in list-accounts (as better-auth's client expects), and unlinks it by that id", async () => {
    const local = await newUser(gateway, 'Lister');
    const email = `lister.${Date.now()}@${DOMAIN}`;
    await db().user.update({ where: { id: local.user.id }, data: { email, emailVerified: true } });
    const linked = await signInAs({ sub: 'lister-1', email, name: 'Lister' });
    expect(linked.res.headers.location).toBe('/dashboard');
    const listed = await local.get('/list-accounts');
    expect(listed.status).toBe(200);
    const providerIds = (listed.body as Array<{ providerId: string }>).map((account) => account.providerId).sort();
    expect(providerIds).toEqual(['contoso', 'credential']);
    expect(listed.body).toContainEqual(expect.objectContaining({ providerId: 'contoso', accountId: 'lister-1' }));
    const unlinked = await local.post('/unlink-account', { providerId: 'contoso' });
    expect([unlinked.status, unlinked.body]).toEqual([200, { status: true }]);
    expect(((await local.get('/list-accounts')).body as Array<{ providerId: string }>).map((account) => account.providerId)).toEqual(['credential']);
    expect(await db().account.count({ where: { userId: local.user.id, providerId: 'sso:contoso' } })).toBe(0);
  });

  it('refuses an address the IdP did not verify for an existing account, and one outside the provider domain', async () => {
    const verified = await newUser(gateway, 'Verified');
    const email = `verified.${Date.now()}@${DOMAIN}`;
    await db().user.update({ where: { id: verified.user.id }, data: { email, emailVerified: true } });
    const unverifiedClaim = await signInAs({ sub: 'claim-1', email, name: 'V', email_verified: false });
    expect(ssoErrorOf(unverifiedClaim.res, ERROR_PAGE)).toBe('account_not_linked');
    const outside = await signInAs({ sub: 'outside-1', email: 'eve@elsewhere.example', name: 'Eve' }, { email: undefined, providerId: 'contoso' });
    expect(ssoErrorOf(outside.res, ERROR_PAGE)).toBe('account_not_linked');
  });

  it('refuses a banned user: error=banned, no session, no member', async () => {
    const account = { sub: 'banned-1', email: `bo@${DOMAIN}`, name: 'Bo' };
    const first = await signInAs(account);
    const userId = (await get(gateway, '/get-session', first.browser).expect(200)).body.user.id as string;
    await db().member.deleteMany({ where: { userId } });
    await db().user.update({ where: { id: userId }, data: { banned: true, banReason: 'spam' } });
    const res = (await signInAs(account)).res;
    expect(ssoErrorOf(res, ERROR_PAGE)).toBe('banned');
    expect(await membersOf(userId)).toEqual([]);
  });

  it('links no banned account and mails it nothing: error=banned, no account link, no notice', async () => {
    const local = await newUser(gateway, 'Barred');
    const email = `barred.${Date.now()}@${DOMAIN}`;
    await db().user.update({ where: { id: local.user.id }, data: { email, emailVerified: true, banned: true, banReason: 'spam' } });
    const res = (await signInAs({ sub: 'barred-1', email, name: 'Barred' })).res;
    expect(ssoErrorOf(res, ERROR_PAGE)).toBe('banned');
    expect(await db().account.findMany({ where: { userId: local.user.id, providerId: { not: 'credential' } } })).toEqual([]);
    await gateway.container.get(PLATFORM.MailDelivery).idle();
    expect(gateway.container.get(PLATFORM.DevOutbox)!.list().filter((mail) => mail.to === email && mail.purpose === 'sso-linked')).toEqual([]);
    expect(await membersOf(local.user.id)).toEqual([]);
  });

  it('records sign-ins, refusals and provider changes in the audit log', async () => {
    const admin = await signInAdmin(gateway);
    const log = await auditLog(gateway, admin.cookie, { limit: 200 });
    const actions = log.events.map((event) => `${event.action}:${String(event.detail?.method ?? event.detail?.providerId ?? '')}`);
    expect(actions).toEqual(expect.arrayContaining(['sso.provider.create:contoso', 'sign-in.success:sso', 'sign-in.failure:sso']));
    expect(log.events.find((event) => event.action === 'sign-in.success' && event.detail?.method === 'sso')?.detail).toMatchObject({ provider: 'contoso', organizationId });
    expect(JSON.stringify(log.events)).not.toContain(CLIENT.clientSecret);
  });

  it("lists a provider's sign-ins to the organization's owners, with refusals and their codes; not to members", async () => {
    await gateway.container.get(TOKENS.AuditLog).flush();
    const res = await owner.get('/sso/sign-ins', { providerId: 'contoso', limit: 100 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.signIns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'success', user: expect.objectContaining({ email: `nora@${DOMAIN}`, name: 'Nora New' }), reason: null }),
        expect.objectContaining({ outcome: 'failure', reason: 'account_not_linked' }),
        expect.objectContaining({ outcome: 'failure', reason: 'banned' }),
      ]),
    );
    const member = await newUser(gateway, 'Reader');
    await db().member.create({ data: { id: `r-${Date.now()}`, organizationId, userId: member.user.id, role: 'member' } });
    expect((await member.get('/sso/sign-ins', { providerId: 'contoso' })).status).toBe(403);
    expect((await owner.get('/sso/sign-ins', { providerId: 'nope' })).status).toBe(404);
  });
});

describe('id tokens the gateway must refuse', () => {
  let forged: ForgingIdp;
  beforeAll(async () => {
    forged = await startForgingIdp();
    const res = await owner.post('/sso/register', {
      providerId: 'forged',
      issuer: forged.issuer,
      domain: 'forged.example',
      organizationId,
      oidcConfig: { ...CLIENT, authorizationEndpoint: `${forged.issuer}/authorize`, tokenEndpoint: `${forged.issuer}/token`, jwksEndpoint: `${forged.issuer}/jwks` },
    });
    expect(res.status).toBe(200);
    // Not about domain verification: trusted without DNS.
    await markSsoDomainVerifiedWithoutDns(gateway, 'forged');
  });
  afterAll(() => forged.close());

  async function withToken(claims: (nonce: string) => Record<string, unknown>, key: 'good' | 'other' = 'good') {
    const browser = new CookieJar();
    const url = await startSso(gateway, browser, { providerId: 'forged' });
    const nonce = url.searchParams.get('nonce')!;
    forged.next = { claims: claims(nonce), key };
    const back = new URL(redirectURIOf('forged'));
    back.searchParams.set('code', 'forged-code');
    back.searchParams.set('state', url.searchParams.get('state')!);
    const res = await returnToCallback(gateway, browser, back);
    return { res, browser };
  }

  const now = () => Math.floor(Date.now() / 1000);
  const valid = (nonce: string) => ({ iss: forged.issuer, aud: CLIENT.clientId, sub: 'forged-1', email: 'fay@forged.example', email_verified: true, nonce, iat: now(), exp: now() + 600 });

  it('accepts a well-formed token (the control)', async () => {
    const { res, browser } = await withToken(valid);
    expect(res.headers.location).toBe('/welcome');
    expect(browser.has(SESSION_COOKIE)).toBe(true);
  });

  it.each([
    ['another issuer', (nonce: string) => ({ ...valid(nonce), iss: 'https://evil.example' }), 'good'],
    ['another audience', (nonce: string) => ({ ...valid(nonce), aud: 'someone-else' }), 'good'],
    ['another nonce', (nonce: string) => ({ ...valid(nonce), nonce: `${nonce}x` }), 'good'],
    ['an expired token', (nonce: string) => ({ ...valid(nonce), iat: now() - 7200, exp: now() - 3600 }), 'good'],
    ["another key's signature", valid, 'other'],
  ] as const)('refuses %s with invalid_token, no session', async (_name, claims, key) => {
    const { res, browser } = await withToken(claims, key);
    expect(ssoErrorOf(res, ERROR_PAGE)).toBe('invalid_token');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('management', () => {
  it('lets owners and admins manage, refuses members (403), strangers (403), unknown providers (404) and anonymous callers (401)', async () => {
    const member = await newUser(gateway, 'Member');
    await db().member.create({ data: { id: `m-${Date.now()}`, organizationId, userId: member.user.id, role: 'member' } });
    const stranger = await newUser(gateway, 'Stranger');
    for (const caller of [member, stranger]) {
      expect((await caller.post('/sso/register', { providerId: `x${Date.now()}`, issuer: idp.issuer, domain: 'x.example', organizationId, oidcConfig: CLIENT })).status).toBe(403);
      expect((await caller.get('/sso/get-provider', { providerId: 'contoso' })).status).toBe(403);
      expect((await caller.post('/sso/update-provider', { providerId: 'contoso', domain: 'taken.example' })).status).toBe(403);
      expect((await caller.post('/sso/delete-provider', { providerId: 'contoso' })).status).toBe(403);
      expect((await caller.get('/sso/providers')).body.providers).toEqual([]);
    }
    expect((await owner.get('/sso/get-provider', { providerId: 'nope' })).status).toBe(404);
    expect((await owner.post('/sso/delete-provider', { providerId: 'nope' })).body.code).toBe('SSO_PROVIDER_NOT_FOUND');
    const anonymous = new CookieJar();
    expect((await get(gateway, '/sso/providers', anonymous)).status).toBe(401);
    expect((await gateway.http.post(`${BASE}/sso/register`).send({})).status).toBe(401);

    const admin = await newUser(gateway, 'Admin');
    await db().member.create({ data: { id: `a-${Date.now()}`, organizationId, userId: admin.user.id, role: 'admin' } });
    const listed = await admin.get('/sso/providers');
    expect(listed.body.providers.map((p: { providerId: string }) => p.providerId)).toEqual(expect.arrayContaining(['contoso']));
    expect(JSON.stringify(listed.body)).not.toContain(CLIENT.clientSecret);
  });

  it('changes the domain, then removes the provider', async () => {
    const created = await owner.post('/sso/register', { providerId: 'temp', issuer: idp.issuer, domain: 'temp.example', organizationId, oidcConfig: CLIENT });
    expect(created.status).toBe(200);
    const updated = await owner.post('/sso/update-provider', { providerId: 'temp', domain: 'Renamed.example', oidcConfig: { clientSecret: 'a-new-secret-value' } });
    expect(updated.status).toBe(200);
    expect(updated.body.domain).toBe('renamed.example');
    expect(JSON.stringify(updated.body)).not.toContain('a-new-secret-value');
    expect((await owner.post('/sso/delete-provider', { providerId: 'temp' })).body).toEqual({ success: true });
    expect((await owner.get('/sso/get-provider', { providerId: 'temp' })).status).toBe(404);
  });

  it('answers the sign-in refusals: nothing to route by 400, no callbackURL 400, unknown 404, untrusted callbackURL 403', async () => {
    const browser = new CookieJar();
    const send = (body: Record<string, unknown>) => gateway.http.post(`${BASE}/sign-in/sso`).set('Origin', ORIGIN).send(body);
    const none = await send({ callbackURL: '/dashboard' });
    expect([none.status, none.body.code]).toEqual([400, 'EMAIL_ORGANIZATIONSLUG_PROVIDERID_OR_DOMAIN_IS_REQUIRED']);
    const noCallback = await send({ email: `x@${DOMAIN}` });
    expect([noCallback.status, noCallback.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    for (const body of [{ email: 'x@unknown.example' }, { domain: 'unknown.example' }, { providerId: 'unknown' }, { organizationSlug: 'no-such-organization' }]) {
      const res = await send({ ...body, callbackURL: '/dashboard' });
      expect([res.status, res.body.code]).toEqual([404, 'SSO_PROVIDER_NOT_FOUND']);
    }
    const untrusted = await send({ email: `x@${DOMAIN}`, callbackURL: 'https://evil.example/' });
    expect([untrusted.status, untrusted.body.code]).toEqual([403, 'INVALID_CALLBACK_URL']);
    expect(browser.has(SSO_STATE_COOKIE)).toBe(false);
  });
});
