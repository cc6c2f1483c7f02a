// Require two-factor over HTTP (issue 32): the organization's `requireTwoFactor` in every answer,
// turning it on (ENABLE_TWO_FACTOR_FIRST), the 403 TWO_FACTOR_REQUIRED of every route of the
// organization to a member without a second factor — member, invitation, team, role routes,
// has-permission, update, delete, set-active, SCIM's token and SSO's management — but for
// get-full-organization, leave and list, `user.twoFactorEnabled` in list-members for owners and
// admins, and SSO sign-ins into the organization: asked for the second factor, or refused without one.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { ORGANIZATION_ERRORS as E, TWO_FACTOR_POLICY_ERRORS as P } from '@tend/organizations';
import { createSamlIdp, generateSigningKeys, type SamlIdp } from '@tend/sso/testing';
import { stepAt, totpAt } from '@tend/two-factor';
import { TOKENS } from '../src/tokens.js';
import {
  BASE,
  CookieJar,
  ORIGIN,
  SESSION_COOKIE,
  addMember,
  createOrganization,
  expectError,
  get,
  invite,
  markSsoDomainVerifiedWithoutDns,
  newUser,
  organizationConfig,
  post,
  postToAcs,
  ssoErrorOf,
  startGateway,
  startSso,
  type Client,
  type TestGateway,
} from './harness/index.js';

const WEB = 'http://localhost:4300';

// Each test signs several users up and turns second factors on (a password hash each): room for a busy machine.
jest.setTimeout(120_000);
const ERROR_PAGE = `${ORIGIN}${BASE}/error`;

/** Turns two-factor on for a signed-in client through the routes; answers the app's code maker. */
async function turnOnTwoFactor(gateway: TestGateway, client: Client) {
  const enabled = await client.post('/two-factor/enable', { password: 'correct horse battery' });
  expect(enabled.status).toBe(200);
  const secret = decodeBase32IgnorePadding(new URL(enabled.body.totpURI as string).searchParams.get('secret')!);
  const code = () => totpAt(secret, stepAt(gateway.clock.now()));
  expect((await client.post('/two-factor/verify-totp', { code: code() })).status).toBe(200);
  gateway.clock.advance(30_000);
  return code;
}

describe('require two-factor: the organization routes', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig({ webURL: WEB }));
  });
  afterAll(() => gateway.close());

  const db = () => gateway.container.get(TOKENS.Database);

  /**
   * An organization whose owner has a second factor, with an admin and a plain member who have
   * none, an SSO provider, a team, a runtime role and a pending invitation; the policy still off.
   */
  async function clinic() {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const member = await newUser(gateway, 'Member');
    const organization = await createOrganization(owner, 'Guarded Clinic');
    const adminRow = await addMember(owner, organization.id, admin, 'admin');
    const memberRow = await addMember(owner, organization.id, member);
    for (const client of [admin, member]) expect((await client.post('/organization/set-active', { organizationId: organization.id })).status).toBe(200);
    const providerId = `guarded-${Math.random().toString(36).slice(2, 8)}`;
    await db().ssoProvider.create({ data: { id: `sp-${providerId}`, providerId, type: 'oidc', issuer: 'https://idp.example.com', domain: 'guarded.example', organizationId: organization.id, userId: owner.user.id } });
    const team = (await owner.post('/organization/create-team', { name: 'Night shift', organizationId: organization.id })).body as { id: string };
    expect((await owner.post('/organization/create-role', { role: 'coach', permission: { member: ['update'] }, organizationId: organization.id })).status).toBe(200);
    const invitation = await invite(owner, organization.id, `guest.${Math.random().toString(36).slice(2, 8)}@example.com`);
    const code = await turnOnTwoFactor(gateway, owner);
    return { owner, admin, member, organization, adminRow, memberRow, providerId, team, invitation, code };
  }

  async function requireTwoFactor(by: Client, organizationId: string, on: boolean) {
    const res = await by.post('/organization/update', { organizationId, data: { requireTwoFactor: on } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: organizationId, requireTwoFactor: on });
  }

  it('answers requireTwoFactor, false by default, wherever the organization is answered', async () => {
    const owner = await newUser(gateway, 'Owner');
    const created = await owner.post('/organization/create', { name: 'Plain Clinic', slug: `plain-${Math.random().toString(36).slice(2, 8)}` });
    expect(created.status).toBe(200);
    expect(created.body.requireTwoFactor).toBe(false);
    const organizationId = created.body.id as string;
    await turnOnTwoFactor(gateway, owner);
    await requireTwoFactor(owner, organizationId, true);
    expect((await owner.get('/organization/get-full-organization', { organizationId })).body).toMatchObject({ id: organizationId, requireTwoFactor: true });
    expect((await owner.get('/organization/list')).body).toEqual([expect.objectContaining({ id: organizationId, requireTwoFactor: true })]);
    expect((await owner.post('/organization/set-active', { organizationId })).body).toMatchObject({ id: organizationId, requireTwoFactor: true });
    // Another change leaves it as it was.
    expect((await owner.post('/organization/update', { organizationId, data: { name: 'Renamed Clinic' } })).body).toMatchObject({ name: 'Renamed Clinic', requireTwoFactor: true });
    await requireTwoFactor(owner, organizationId, false);
    expect((await owner.get('/organization/list')).body).toEqual([expect.objectContaining({ id: organizationId, requireTwoFactor: false })]);
    const row = await db().organization.findUnique({ where: { id: organizationId } });
    expect(row?.requireTwoFactor).toBe(false);
  });

  it('refuses to turn it on for a caller without a second factor (400 ENABLE_TWO_FACTOR_FIRST), and to a member without organization update (403)', async () => {
    const owner = await newUser(gateway, 'Owner');
    const member = await newUser(gateway, 'Member');
    const organization = await createOrganization(owner, 'Careful Clinic');
    await addMember(owner, organization.id, member);
    const refused = await owner.post('/organization/update', { organizationId: organization.id, data: { requireTwoFactor: true } });
    expectError(refused, P.ENABLE_TWO_FACTOR_FIRST);
    expect(refused.body.message).toBe('Turn on two-factor authentication for your own account first');
    // Nothing else of the same call changes either.
    expectError(await owner.post('/organization/update', { organizationId: organization.id, data: { name: 'Half Done', requireTwoFactor: true } }), P.ENABLE_TWO_FACTOR_FIRST);
    expect((await db().organization.findUnique({ where: { id: organization.id } }))).toMatchObject({ name: 'Careful Clinic', requireTwoFactor: false });
    // Turning it off (it is off) needs no second factor.
    expect((await owner.post('/organization/update', { organizationId: organization.id, data: { requireTwoFactor: false } })).status).toBe(200);
    // A plain member, with a second factor, lacks organization update.
    await turnOnTwoFactor(gateway, member);
    expectError(await member.post('/organization/update', { organizationId: organization.id, data: { requireTwoFactor: true } }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
    await turnOnTwoFactor(gateway, owner);
    await requireTwoFactor(owner, organization.id, true);
  });

  it('refuses a member without a second factor every route of the organization (403 TWO_FACTOR_REQUIRED), set-active included', async () => {
    const { owner, admin, member, organization, memberRow, adminRow, providerId, team, invitation } = await clinic();
    await requireTwoFactor(owner, organization.id, true);
    const organizationId = organization.id;
    const calls: Array<[string, (who: Client) => Promise<{ status: number; body: unknown }>]> = [
      ['set-active', (who) => who.post('/organization/set-active', { organizationId })],
      ['update', (who) => who.post('/organization/update', { organizationId, data: { name: 'Taken Over' } })],
      ['update (turning it off)', (who) => who.post('/organization/update', { organizationId, data: { requireTwoFactor: false } })],
      ['delete', (who) => who.post('/organization/delete', { organizationId })],
      ['list-members', (who) => who.get('/organization/list-members', { organizationId })],
      ['get-active-member', (who) => who.get('/organization/get-active-member')],
      ['update-member-role', (who) => who.post('/organization/update-member-role', { organizationId, memberId: memberRow.id, role: 'admin' })],
      ['remove-member', (who) => who.post('/organization/remove-member', { organizationId, memberIdOrEmail: adminRow.id })],
      ['has-permission', (who) => who.post('/organization/has-permission', { organizationId, permissions: { member: ['create'] } })],
      ['invite-member', (who) => who.post('/organization/invite-member', { organizationId, email: 'new.hire@example.com', role: 'member' })],
      ['cancel-invitation', (who) => who.post('/organization/cancel-invitation', { invitationId: invitation.id })],
      ['list-invitations', (who) => who.get('/organization/list-invitations', { organizationId })],
      ['create-team', (who) => who.post('/organization/create-team', { organizationId, name: 'Day shift' })],
      ['update-team', (who) => who.post('/organization/update-team', { teamId: team.id, data: { name: 'Renamed', organizationId } })],
      ['remove-team', (who) => who.post('/organization/remove-team', { organizationId, teamId: team.id })],
      ['list-teams', (who) => who.get('/organization/list-teams', { organizationId })],
      ['create-role', (who) => who.post('/organization/create-role', { organizationId, role: 'reader', permission: { ac: ['read'] } })],
      ['list-roles', (who) => who.get('/organization/list-roles', { organizationId })],
      ['get-role', (who) => who.get('/organization/get-role', { organizationId, roleName: 'coach' })],
      ['update-role', (who) => who.post('/organization/update-role', { organizationId, roleName: 'coach', data: { permission: { member: ['update', 'delete'] } } })],
      ['delete-role', (who) => who.post('/organization/delete-role', { organizationId, roleName: 'coach' })],
      ['scim/generate-token', (who) => who.post('/scim/generate-token', { organizationId, providerId })],
      ['sso/get-provider', (who) => who.get('/sso/get-provider', { providerId })],
      ['sso/update-provider', (who) => who.post('/sso/update-provider', { providerId, domain: 'other.example' })],
      ['sso/delete-provider', (who) => who.post('/sso/delete-provider', { providerId })],
      ['sso/request-domain-verification', (who) => who.post('/sso/request-domain-verification', { providerId })],
      ['sso/register', (who) => who.post('/sso/register', { providerId: `${providerId}-2`, issuer: 'https://idp2.example.com', domain: 'second.example', organizationId, oidcConfig: { clientId: 'c', clientSecret: 's', authorizationEndpoint: 'https://idp2.example.com/auth', tokenEndpoint: 'https://idp2.example.com/token', jwksEndpoint: 'https://idp2.example.com/jwks' } })],
    ];
    for (const who of [admin, member]) {
      for (const [name, call] of calls) {
        const res = await call(who);
        expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 403, body: { code: 'TWO_FACTOR_REQUIRED', message: 'This organization requires two-factor authentication' } });
      }
    }
    // Nothing was changed by the refused calls.
    expect(await db().organization.findUnique({ where: { id: organizationId } })).toMatchObject({ name: 'Guarded Clinic', requireTwoFactor: true });
    expect(await db().member.count({ where: { organizationId } })).toBe(3);
    expect(await db().team.findUnique({ where: { id: team.id } })).toMatchObject({ name: 'Night shift' });
    expect(await db().ssoProvider.findUnique({ where: { providerId } })).toMatchObject({ domain: 'guarded.example' });
    expect(await db().scimToken.count({ where: { organizationId } })).toBe(0);

    // The owner, who has a second factor, is served as before.
    expect((await owner.post('/organization/has-permission', { organizationId, permissions: { member: ['create'] } })).body).toEqual({ success: true, error: null });
    expect((await owner.get('/organization/list-teams', { organizationId })).status).toBe(200);
    expect((await owner.get('/sso/get-provider', { providerId })).status).toBe(200);
    expect((await owner.post('/scim/generate-token', { organizationId, providerId })).status).toBe(201);
  });

  it('still answers get-full-organization, list and leave to a refused member', async () => {
    const { owner, member, organization } = await clinic();
    await requireTwoFactor(owner, organization.id, true);
    const full = await member.get('/organization/get-full-organization', { organizationId: organization.id });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ id: organization.id, requireTwoFactor: true });
    // Its members carry no second-factor flag (list-members answers that, to owners and admins).
    expect(full.body.members[0].user).not.toHaveProperty('twoFactorEnabled');
    expect((await member.get('/organization/get-full-organization')).status).toBe(200);
    const listed = await member.get('/organization/list');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: organization.id, requireTwoFactor: true })]);
    const left = await member.post('/organization/leave', { organizationId: organization.id });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ userId: member.user.id, organizationId: organization.id });
    // Gone, they are an outsider: not a member any more, whatever the policy.
    expectError(await member.get('/organization/list-members', { organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });

  it('serves the member again once their account has a second factor, or once the policy is off', async () => {
    const { owner, admin, member, organization } = await clinic();
    await requireTwoFactor(owner, organization.id, true);
    const check = (who: Client) => who.post('/organization/has-permission', { organizationId: organization.id, permissions: { invitation: ['create'] } });
    expectError(await check(admin), P.TWO_FACTOR_REQUIRED);
    await turnOnTwoFactor(gateway, admin);
    expect((await check(admin)).body).toEqual({ success: true, error: null });
    expect((await admin.post('/organization/set-active', { organizationId: organization.id })).status).toBe(200);

    expectError(await check(member), P.TWO_FACTOR_REQUIRED);
    await requireTwoFactor(admin, organization.id, false);
    expect((await check(member)).body).toEqual({ success: false, error: null });
    expect((await member.get('/organization/list-teams', { organizationId: organization.id })).status).toBe(200);

    // A second factor turned off later: refused again at once while the policy is on.
    await requireTwoFactor(owner, organization.id, true);
    await db().user.update({ where: { id: admin.user.id }, data: { twoFactorEnabled: false } });
    expectError(await check(admin), P.TWO_FACTOR_REQUIRED);
  });

  it('answers each member\u2019s user.twoFactorEnabled in list-members to owners and admins, not to plain members', async () => {
    const { owner, admin, member, organization } = await clinic();
    const flags = (body: { members: Array<{ user: { email: string; twoFactorEnabled?: boolean } }> }) => Object.fromEntries(body.members.map((m) => [m.user.email, m.user.twoFactorEnabled]));
    const expected = { [owner.user.email]: true, [admin.user.email]: false, [member.user.email]: false };
    for (const who of [owner, admin]) {
      const res = await who.get('/organization/list-members', { organizationId: organization.id });
      expect(res.status).toBe(200);
      expect(flags(res.body)).toEqual(expected);
    }
    const plain = await member.get('/organization/list-members', { organizationId: organization.id });
    expect(plain.status).toBe(200);
    expect(plain.body.total).toBe(3);
    for (const listed of plain.body.members) expect(listed.user).not.toHaveProperty('twoFactorEnabled');
    // With the policy on, the owners see who is locked out.
    await requireTwoFactor(owner, organization.id, true);
    expect(flags((await owner.get('/organization/list-members', { organizationId: organization.id, searchValue: member.user.email })).body)).toEqual({ [member.user.email]: false });
  });

  it('leaves outsiders and other organizations as they were', async () => {
    const { owner, member, organization } = await clinic();
    await requireTwoFactor(owner, organization.id, true);
    const outsider = await newUser(gateway, 'Outsider');
    expectError(await outsider.get('/organization/list-members', { organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    expectError(await outsider.post('/organization/has-permission', { organizationId: organization.id, permissions: { member: ['create'] } }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    // The refused member's own organization without the policy serves them.
    const own = await createOrganization(member, 'Own Practice');
    expect((await member.get('/organization/list-members', { organizationId: own.id })).status).toBe(200);
    expect((await member.post('/organization/set-active', { organizationId: own.id })).status).toBe(200);
  });
});

describe('require two-factor: SSO sign-ins into the organization', () => {
  const DOMAIN = 'guarded-sso.example';
  let idp: SamlIdp;
  let gateway: TestGateway;
  let owner: Client;
  let organizationId: string;
  beforeAll(async () => {
    idp = createSamlIdp({ keys: await generateSigningKeys() });
    gateway = await startGateway(organizationConfig({ webURL: WEB }));
    owner = await newUser(gateway, 'Owner');
    organizationId = (await createOrganization(owner, 'Guarded SSO Clinic')).id;
    const res = await owner.post('/sso/register', { providerId: 'guarded', issuer: 'https://tend.test/saml/guarded', domain: DOMAIN, organizationId, samlConfig: { entryPoint: idp.entryPoint, cert: idp.cert, idpMetadata: { entityID: idp.entityId } } });
    expect(res.status).toBe(200);
    // Not about domain verification (sso-domain-verification.test.ts is): trusted without DNS.
    await markSsoDomainVerifiedWithoutDns(gateway, 'guarded');
  });
  afterAll(() => gateway.close());

  const db = () => gateway.container.get(TOKENS.Database);

  /** The SAML IdP's answer for `email`, posted to the ACS by `browser` (errors to the gateway's error page). */
  async function signInBySso(email: string, browser: CookieJar) {
    const url = await startSso(gateway, new CookieJar(), { email });
    return postToAcs(gateway, 'guarded', await idp.respond(url.toString(), { nameID: email, email, givenName: 'Sam', surname: 'Secure' }), browser);
  }

  /** An existing account of the provider's domain, its address verified. */
  async function localUser(name: string) {
    const client = await newUser(gateway, name);
    const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@${DOMAIN}`;
    await db().user.update({ where: { id: client.user.id }, data: { email, emailVerified: true } });
    return { client, email };
  }

  it('signs a new user in before the policy is on', async () => {
    const before = new CookieJar();
    const first = await signInBySso(`first.${Date.now()}@${DOMAIN}`, before);
    expect(first.headers.location).toBe('/welcome');
    expect(before.has(SESSION_COOKIE)).toBe(true);
    await turnOnTwoFactor(gateway, owner);
    await owner.post('/organization/set-active', { organizationId });
    expect((await owner.post('/organization/update', { organizationId, data: { requireTwoFactor: true } })).status).toBe(200);
  }, 120_000);

  it('refuses a new user (two_factor_required): no account, no session', async () => {
    const newcomer = `newcomer.${Date.now()}@${DOMAIN}`;
    const browser = new CookieJar();
    const refused = await signInBySso(newcomer, browser);
    expect(ssoErrorOf(refused, ERROR_PAGE)).toBe('two_factor_required');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await db().user.findUnique({ where: { email: newcomer } })).toBeNull();
    await gateway.container.get(TOKENS.AuditLog).flush();
    const failures = await db().auditEvent.findMany({ where: { action: 'sign-in.failure' } });
    expect(failures.map((event) => (event.detail as { reason?: string } | null)?.reason)).toContain('two_factor_required');
  }, 120_000);

  it('refuses an existing account without a second factor: nothing linked, no membership', async () => {
    const plain = await localUser('Plain');
    const browser = new CookieJar();
    expect(ssoErrorOf(await signInBySso(plain.email, browser), ERROR_PAGE)).toBe('two_factor_required');
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    expect(await db().account.count({ where: { userId: plain.client.user.id, providerId: 'sso:guarded' } })).toBe(0);
    expect(await db().member.count({ where: { organizationId, userId: plain.client.user.id } })).toBe(0);
  }, 120_000);

  it('asks an account with a second factor for it: the challenge page, then the session and the membership', async () => {
    const guarded = await localUser('Guarded');
    const code = await turnOnTwoFactor(gateway, guarded.client);
    const browser = new CookieJar();
    const res = await signInBySso(guarded.email, browser);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${WEB}/sign-in/two-factor?callbackURL=${encodeURIComponent('/dashboard')}`);
    expect(browser.has(SESSION_COOKIE)).toBe(false);
    const answered = await post(gateway, '/two-factor/verify-totp', browser, { code: code() });
    browser.store(answered);
    expect(answered.status).toBe(200);
    expect((await get(gateway, '/get-session', browser).expect(200)).body.user.id).toBe(guarded.client.user.id);
    expect(await db().member.findMany({ where: { organizationId, userId: guarded.client.user.id } })).toEqual([expect.objectContaining({ role: 'member' })]);
  }, 120_000);

  it('signs the new user in again once the policy is off', async () => {
    expect((await owner.post('/organization/update', { organizationId, data: { requireTwoFactor: false } })).status).toBe(200);
    const browser = new CookieJar();
    expect((await signInBySso(`later.${Date.now()}@${DOMAIN}`, browser)).headers.location).toBe('/welcome');
    expect(browser.has(SESSION_COOKIE)).toBe(true);
  }, 120_000);
});
