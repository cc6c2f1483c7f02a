// The organization's runtime roles over HTTP (issue 32, "Runtime roles"): the five routes with
// every status and code they answer, runtime roles given by invite-member and
// update-member-role, their holders' permissions on the other organization routes and in
// has-permission, and an update taking effect on the very next request, on another instance too.
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import type { DatabaseHandle } from '@tend/database';
import { ManualClock } from '@tend/kernel';
import { ORGANIZATION_ERRORS as E, ROLE_ERRORS as R } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { addMember, Client, createOrganization, expectError, invite, newUser, type Organization, organizationConfig, ORIGIN, startGateway, type TestGateway } from './harness/index.js';

const ROUTES = [
  ['post', '/organization/create-role'],
  ['get', '/organization/list-roles'],
  ['get', '/organization/get-role'],
  ['post', '/organization/update-role'],
  ['post', '/organization/delete-role'],
] as const;

describe('organization runtime roles', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
  });
  afterAll(() => gateway.close());

  /** An organization with an owner, an admin and a plain member, each a client. */
  async function team() {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const member = await newUser(gateway, 'Member');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, admin, 'admin');
    const memberRow = await addMember(owner, organization.id, member);
    await admin.post('/organization/set-active', { organizationId: organization.id });
    await member.post('/organization/set-active', { organizationId: organization.id });
    return { owner, admin, member, organization, memberRow };
  }

  it('answers 401 UNAUTHORIZED on every role route without a session', async () => {
    for (const [method, path] of ROUTES) {
      const res = method === 'get' ? await gateway.http.get(`/api/auth${path}`) : await gateway.http.post(`/api/auth${path}`).set('Origin', ORIGIN).send({});
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: { code: SESSION_ERRORS.UNAUTHORIZED.code, message: SESSION_ERRORS.UNAUTHORIZED.message } });
    }
  });

  describe('POST /organization/create-role', () => {
    it('stores the name lower-cased and answers {success, roleData, statements}', async () => {
      const { owner, organization } = await team();
      const res = await owner.post('/organization/create-role', { role: 'Coach', permission: { member: ['update'], ac: ['read'] } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        roleData: { id: expect.any(String), organizationId: organization.id, role: 'coach', permission: { member: ['update'], ac: ['read'] }, createdAt: expect.any(String) },
        statements: { member: ['update'], ac: ['read'] },
      });
    });

    it('answers 400 ROLE_NAME_IS_ALREADY_TAKEN for a taken name in any case or a built-in role, and 400 for a blank name', async () => {
      const { owner, admin } = await team();
      expect((await owner.post('/organization/create-role', { role: 'coach', permission: {} })).status).toBe(200);
      expectError(await admin.post('/organization/create-role', { role: 'COACH', permission: {} }), R.ROLE_NAME_IS_ALREADY_TAKEN);
      expectError(await owner.post('/organization/create-role', { role: 'Admin', permission: {} }), R.ROLE_NAME_IS_ALREADY_TAKEN);
      expectError(await owner.post('/organization/create-role', { role: 'owner', permission: {} }), R.ROLE_NAME_IS_ALREADY_TAKEN);
      const blank = await owner.post('/organization/create-role', { role: '   ', permission: {} });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      const comma = await owner.post('/organization/create-role', { role: 'a,b', permission: {} });
      expect(comma.status).toBe(400);
      expect(comma.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    });

    it('answers 400 INVALID_RESOURCE for a resource outside organization, member, invitation, team and ac', async () => {
      const { owner } = await team();
      expectError(await owner.post('/organization/create-role', { role: 'biller', permission: { billing: ['read'] } }), R.INVALID_RESOURCE);
    });

    it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE to a member, to whoever grants what they lack, and for an unknown action', async () => {
      const { owner, admin, member } = await team();
      expectError(await member.post('/organization/create-role', { role: 'coach', permission: {} }), R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
      expectError(await admin.post('/organization/create-role', { role: 'deleter', permission: { organization: ['delete'] } }), R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
      expectError(await owner.post('/organization/create-role', { role: 'flyer', permission: { member: ['fly'] } }), R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
      expect((await owner.post('/organization/create-role', { role: 'deleter', permission: { organization: ['delete'] } })).status).toBe(200);
    });

    it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION outside it, and 400 NO_ACTIVE_ORGANIZATION without one', async () => {
      const { organization } = await team();
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.post('/organization/create-role', { role: 'coach', permission: {}, organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
      expectError(await stranger.get('/organization/list-roles', { organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
      expectError(await stranger.post('/organization/create-role', { role: 'coach', permission: {} }), E.NO_ACTIVE_ORGANIZATION);
    });
  });

  describe('GET /organization/list-roles and get-role', () => {
    it('answer every built-in role: the roles oldest first, one by name (any case) or id', async () => {
      const { owner, admin, member, organization } = await team();
      const coach = (await owner.post('/organization/create-role', { role: 'coach', permission: { team: ['create'] } })).body.roleData;
      gateway.clock.advance(1000);
      const helper = (await owner.post('/organization/create-role', { role: 'helper', permission: {}, organizationId: organization.id })).body.roleData;
      for (const client of [owner, admin, member]) {
        const res = await client.get('/organization/list-roles', { organizationId: organization.id });
        expect(res.status).toBe(200);
        expect(res.body).toEqual([coach, helper]);
      }
      expect((await member.get('/organization/list-roles')).body).toEqual([coach, helper]);
      expect((await member.get('/organization/get-role', { roleName: 'COACH' })).body).toEqual(coach);
      expect((await member.get('/organization/get-role', { roleId: helper.id, organizationId: organization.id })).body).toEqual(helper);
    });

    it('answer 400 ROLE_NOT_FOUND for an unknown role, another organization’s, or none named', async () => {
      const { owner } = await team();
      const other = await newUser(gateway, 'Other');
      const elsewhere = await createOrganization(other);
      const foreign = (await other.post('/organization/create-role', { role: 'visitor', permission: {}, organizationId: elsewhere.id })).body.roleData;
      expectError(await owner.get('/organization/get-role', { roleName: 'nobody' }), E.ROLE_NOT_FOUND);
      expectError(await owner.get('/organization/get-role', { roleId: foreign.id }), E.ROLE_NOT_FOUND);
      expectError(await owner.get('/organization/get-role'), E.ROLE_NOT_FOUND);
      expectError(await owner.post('/organization/delete-role', {}), E.ROLE_NOT_FOUND);
      expectError(await owner.post('/organization/update-role', { data: { permission: {} } }), E.ROLE_NOT_FOUND);
    });

    it('answer 403 YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE to a runtime role without ac read', async () => {
      const { owner, member, memberRow } = await team();
      await owner.post('/organization/create-role', { role: 'silent', permission: { team: ['create'] } });
      expect((await owner.post('/organization/update-member-role', { memberId: memberRow.id, role: 'silent' })).status).toBe(200);
      expectError(await member.get('/organization/list-roles'), R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
      expectError(await member.get('/organization/get-role', { roleName: 'silent' }), R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
    });
  });

  describe('POST /organization/update-role', () => {
    it('changes the permission and the name; holders keep the role under the new name', async () => {
      const { owner, member, memberRow, organization } = await team();
      const created = (await owner.post('/organization/create-role', { role: 'coach', permission: { team: ['create'] } })).body.roleData;
      await owner.post('/organization/update-member-role', { memberId: memberRow.id, role: ['member', 'coach'] });
      const res = await owner.post('/organization/update-role', { roleName: 'Coach', data: { roleName: 'Trainer', permission: { team: ['create', 'update'] } } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, roleData: { ...created, role: 'trainer', permission: { team: ['create', 'update'] } } });
      const full = await owner.get('/organization/get-full-organization', { organizationId: organization.id });
      expect(full.body.members.find((m: { id: string }) => m.id === memberRow.id).role).toBe('member,trainer');
      expect((await member.post('/organization/has-permission', { permissions: { team: ['update'] } })).body).toEqual({ success: true, error: null });
    });

    it('answers 400 ROLE_NOT_FOUND, ROLE_NAME_IS_ALREADY_TAKEN and INVALID_RESOURCE, and 403 YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE', async () => {
      const { owner, admin, member } = await team();
      const coach = (await owner.post('/organization/create-role', { role: 'coach', permission: {} })).body.roleData;
      await owner.post('/organization/create-role', { role: 'helper', permission: {} });
      expectError(await owner.post('/organization/update-role', { roleName: 'nobody', data: { permission: {} } }), E.ROLE_NOT_FOUND);
      expectError(await owner.post('/organization/update-role', { roleId: coach.id, data: { roleName: 'HELPER' } }), R.ROLE_NAME_IS_ALREADY_TAKEN);
      expectError(await owner.post('/organization/update-role', { roleId: coach.id, data: { roleName: 'member' } }), R.ROLE_NAME_IS_ALREADY_TAKEN);
      expectError(await owner.post('/organization/update-role', { roleId: coach.id, data: { permission: { billing: ['read'] } } }), R.INVALID_RESOURCE);
      expectError(await member.post('/organization/update-role', { roleId: coach.id, data: { permission: {} } }), R.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE);
      expectError(await admin.post('/organization/update-role', { roleId: coach.id, data: { permission: { organization: ['delete'] } } }), R.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE);
    });
  });

  describe('POST /organization/delete-role', () => {
    it('deletes a role nobody holds; refuses a built-in role, a held role, an unknown role and a member', async () => {
      const { owner, member, memberRow } = await team();
      await owner.post('/organization/create-role', { role: 'coach', permission: {} });
      const spare = (await owner.post('/organization/create-role', { role: 'spare', permission: {} })).body.roleData;
      await owner.post('/organization/update-member-role', { memberId: memberRow.id, role: 'coach' });
      expectError(await owner.post('/organization/delete-role', { roleName: 'admin' }), R.CANNOT_DELETE_A_PRE_DEFINED_ROLE);
      expectError(await owner.post('/organization/delete-role', { roleName: 'coach' }), R.ROLE_IS_ASSIGNED_TO_MEMBERS);
      expectError(await owner.post('/organization/delete-role', { roleName: 'nobody' }), E.ROLE_NOT_FOUND);
      expectError(await member.post('/organization/delete-role', { roleId: spare.id }), R.YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE);
      const res = await owner.post('/organization/delete-role', { roleId: spare.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await owner.get('/organization/list-roles')).body.map((role: { role: string }) => role.role)).toEqual(['coach']);
    });
  });

  describe('a runtime role on the organization routes', () => {
    it('is given by invite-member and update-member-role of its own organization only (else 400 ROLE_NOT_FOUND)', async () => {
      const { owner, admin, memberRow, organization } = await team();
      await owner.post('/organization/create-role', { role: 'coach', permission: { team: ['create'] } });
      await owner.post('/organization/create-role', { role: 'deleter', permission: { organization: ['delete'] } });
      const other = await newUser(gateway, 'Other');
      const elsewhere = await createOrganization(other);
      await other.post('/organization/create-role', { role: 'visitor', permission: {}, organizationId: elsewhere.id });

      expect((await invite(owner, organization.id, 'coach.invitee@example.com', 'coach')).role).toBe('coach');
      expectError(await owner.post('/organization/invite-member', { email: 'v@example.com', role: 'visitor', organizationId: organization.id }), E.ROLE_NOT_FOUND);
      expectError(await owner.post('/organization/update-member-role', { memberId: memberRow.id, role: 'visitor' }), E.ROLE_NOT_FOUND);
      // Nobody hands out through a role what they lack: an admin cannot give organization delete.
      expectError(await admin.post('/organization/invite-member', { email: 'd@example.com', role: 'deleter', organizationId: organization.id }), E.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE);
      expectError(await admin.post('/organization/update-member-role', { memberId: memberRow.id, role: 'deleter' }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
      const res = await admin.post('/organization/update-member-role', { memberId: memberRow.id, role: 'coach' });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe('coach');
    });

    it('grants its holder exactly its permissions, and an update applies to the very next request', async () => {
      const { owner, member, memberRow, organization } = await team();
      await owner.post('/organization/create-role', { role: 'recruiter', permission: { invitation: ['create'], ac: ['read'] } });
      await owner.post('/organization/update-member-role', { memberId: memberRow.id, role: 'recruiter' });

      expect((await member.post('/organization/invite-member', { email: 'recruit.one@example.com', role: 'member' })).status).toBe(200);
      expectError(await member.post('/organization/update', { data: { name: 'Mine' } }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
      expectError(await member.post('/organization/create-team', { name: 'Mine' }), E.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION);
      expect((await member.post('/organization/has-permission', { permissions: { invitation: ['create'], ac: ['read'] }, organizationId: organization.id })).body).toEqual({ success: true, error: null });
      expect((await member.post('/organization/has-permission', { permissions: { invitation: ['cancel'] } })).body).toEqual({ success: false, error: null });

      expect((await owner.post('/organization/update-role', { roleName: 'recruiter', data: { permission: { team: ['create'] } } })).status).toBe(200);
      expectError(await member.post('/organization/invite-member', { email: 'recruit.two@example.com', role: 'member' }), E.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
      expect((await member.post('/organization/create-team', { name: 'Recruits' })).status).toBe(200);
      expect((await member.post('/organization/has-permission', { permissions: { invitation: ['create'] } })).body).toEqual({ success: false, error: null });
      expectError(await member.get('/organization/list-roles'), R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
    });
  });
});

describe('organization runtime roles: two instances on one database', () => {
  let database: DatabaseHandle;
  let a: TestGateway;
  let b: TestGateway;
  beforeAll(async () => {
    database = await createTestDatabase(selectedTestDatabase());
    const clock = new ManualClock(new Date());
    [a, b] = await Promise.all([startGateway(organizationConfig(), { database, clock }), startGateway(organizationConfig(), { database, clock })]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await database.close();
  });

  /** The same signed-in user, calling instance `gateway`. */
  const on = (gateway: TestGateway, client: Client) => new Client(gateway, client.user, client.token, client.cookie);

  it('applies a role update made on one instance to the very next request on the other', async () => {
    const owner = await newUser(a, 'Owner');
    const holder = await newUser(a, 'Holder');
    const organization: Organization = await createOrganization(owner);
    const row = await addMember(owner, organization.id, holder);
    await holder.post('/organization/set-active', { organizationId: organization.id });
    await owner.post('/organization/create-role', { role: 'remover', permission: { member: ['delete'] } });
    await owner.post('/organization/update-member-role', { memberId: row.id, role: 'remover' });
    const holderOnB = on(b, holder);
    const ask = { permissions: { member: ['delete'] } };

    // b has read the role once: whatever it could keep from that, it must not use.
    expect((await holderOnB.post('/organization/has-permission', ask)).body).toEqual({ success: true, error: null });
    expect((await owner.post('/organization/update-role', { roleName: 'remover', data: { permission: { team: ['create'] } } })).status).toBe(200);
    expect((await holderOnB.post('/organization/has-permission', ask)).body).toEqual({ success: false, error: null });
    expectError(await holderOnB.post('/organization/remove-member', { memberIdOrEmail: owner.user.email }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
    expect((await holderOnB.post('/organization/create-team', { name: 'From b' })).status).toBe(200);

    // And back, made on b and seen on a.
    const ownerOnB = on(b, owner);
    expect((await ownerOnB.post('/organization/update-role', { roleName: 'remover', data: { permission: { member: ['delete'] } } })).status).toBe(200);
    expect((await holder.post('/organization/has-permission', ask)).body).toEqual({ success: true, error: null });
    expectError(await holder.post('/organization/create-team', { name: 'From a' }), E.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION);
  });
});
