import { ORGANIZATION_ERRORS as E } from '@tend/organizations';
import { TOKENS } from '../src/tokens.js';
import { addMember, createOrganization, expectError, newUser, organizationConfig, startGateway, type TestGateway } from './harness/index.js';

describe('organization members: list, active member, roles, removal, leaving, permissions', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
  });
  afterAll(() => gateway.close());

  describe('GET /organization/list-members', () => {
    it('answers a page of members with their users and the total, sorted and offset as asked', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      const others = [await newUser(gateway, 'Bea'), await newUser(gateway, 'Cid')];
      for (const other of others) {
        gateway.clock.advance(1000);
        await addMember(owner, organization.id, other);
      }
      const all = await owner.get('/organization/list-members');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(3);
      expect(all.body.members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id, others[0]!.user.id, others[1]!.user.id]);
      // The owner also sees whether each member has a second factor (require two-factor).
      expect(all.body.members[0].user).toEqual({ id: owner.user.id, name: 'Owner', email: owner.user.email, image: null, twoFactorEnabled: false });
      const page = await owner.get('/organization/list-members', { organizationId: organization.id, limit: 1, offset: 1, sortBy: 'createdAt', sortDirection: 'desc' });
      expect(page.body).toMatchObject({ total: 3, members: [{ userId: others[0]!.user.id }] });
    });

    it('answers 400 VALIDATION_ERROR for a bad limit, offset, sortBy or sortDirection', async () => {
      const owner = await newUser(gateway, 'Owner');
      await createOrganization(owner);
      for (const query of [{ limit: 0 }, { limit: 'ten' }, { offset: -1 }, { sortBy: 'password' }, { sortDirection: 'up' }]) {
        const res = await owner.get('/organization/list-members', query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
      }
    });

    it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION and 400 NO_ACTIVE_ORGANIZATION', async () => {
      const organization = await createOrganization(await newUser(gateway, 'Owner'));
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.get('/organization/list-members', { organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
      expectError(await stranger.get('/organization/list-members'), E.NO_ACTIVE_ORGANIZATION);
    });
  });

  describe('GET /organization/get-active-member', () => {
    it("answers the caller's membership of the active organization", async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      const res = await owner.get('/organization/get-active-member');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ organizationId: organization.id, userId: owner.user.id, role: 'owner', user: { email: owner.user.email } });
    });

    it('answers 400 NO_ACTIVE_ORGANIZATION without one, and 400 MEMBER_NOT_FOUND once the caller left it', async () => {
      const owner = await newUser(gateway, 'Owner');
      const member = await newUser(gateway, 'Member');
      expectError(await member.get('/organization/get-active-member'), E.NO_ACTIVE_ORGANIZATION);
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, member);
      // Removed through another session: this session's active organization is cleared too.
      await owner.post('/organization/remove-member', { memberIdOrEmail: member.user.email, organizationId: organization.id });
      expectError(await member.get('/organization/get-active-member'), E.NO_ACTIVE_ORGANIZATION);
      // An active organization the caller is not a member of (set directly in the store).
      await gateway.container.get(TOKENS.Database).session.update({ where: { token: member.token }, data: { activeOrganizationId: organization.id } });
      expectError(await member.get('/organization/get-active-member'), E.MEMBER_NOT_FOUND);
    });
  });

  describe('POST /organization/update-member-role', () => {
    it('lets an admin change a member role, and an owner make another owner', async () => {
      const owner = await newUser(gateway, 'Owner');
      const admin = await newUser(gateway, 'Admin');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, admin, 'admin');
      const joined = await addMember(owner, organization.id, member);
      const res = await admin.post('/organization/update-member-role', { memberId: joined.id, role: ['admin', 'member'] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: joined.id, role: 'admin,member' });
      const promoted = await owner.post('/organization/update-member-role', { memberId: joined.id, role: 'owner', organizationId: organization.id });
      expect(promoted.body).toMatchObject({ role: 'owner' });
    });

    it('answers 403 YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER to a member, and to an admin touching an owner', async () => {
      const owner = await newUser(gateway, 'Owner');
      const admin = await newUser(gateway, 'Admin');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      const adminMember = await addMember(owner, organization.id, admin, 'admin');
      await addMember(owner, organization.id, member);
      const ownerMember = organization.members[0]!;
      expectError(await member.post('/organization/update-member-role', { memberId: adminMember.id, role: 'member' }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
      expectError(await admin.post('/organization/update-member-role', { memberId: ownerMember.id, role: 'member' }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
      expectError(await admin.post('/organization/update-member-role', { memberId: adminMember.id, role: 'owner' }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
    });

    it('answers 400 ROLE_NOT_FOUND, 400 MEMBER_NOT_FOUND and 400 YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      const ownerMember = organization.members[0]!;
      expectError(await owner.post('/organization/update-member-role', { memberId: ownerMember.id, role: 'superuser' }), E.ROLE_NOT_FOUND);
      expectError(await owner.post('/organization/update-member-role', { memberId: 'no-such-member', role: 'member' }), E.MEMBER_NOT_FOUND);
      // A member of another organization is not found here.
      const other = await createOrganization(await newUser(gateway, 'Other'));
      expectError(await owner.post('/organization/update-member-role', { memberId: other.members[0]!.id, role: 'member' }), E.MEMBER_NOT_FOUND);
      expectError(await owner.post('/organization/update-member-role', { memberId: ownerMember.id, role: 'admin' }), E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER);
    });
  });

  describe('POST /organization/remove-member', () => {
    it('removes a member by id or by email, answers {member}, and clears the organization from their sessions', async () => {
      const owner = await newUser(gateway, 'Owner');
      const first = await newUser(gateway, 'First');
      const second = await newUser(gateway, 'Second');
      const organization = await createOrganization(owner);
      const firstMember = await addMember(owner, organization.id, first);
      await addMember(owner, organization.id, second);
      const byId = await owner.post('/organization/remove-member', { memberIdOrEmail: firstMember.id });
      expect(byId.status).toBe(200);
      expect(byId.body.member).toMatchObject({ id: firstMember.id, userId: first.user.id, user: { email: first.user.email } });
      const byEmail = await owner.post('/organization/remove-member', { memberIdOrEmail: second.user.email.toUpperCase(), organizationId: organization.id });
      expect(byEmail.body.member).toMatchObject({ userId: second.user.id });
      expect(await first.activeOrganizationId()).toBeNull();
      expect(await second.activeOrganizationId()).toBeNull();
      expect(await owner.activeOrganizationId()).toBe(organization.id);
      expect((await owner.get('/organization/list-members')).body.total).toBe(1);
    });

    it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER to a member, and to an admin removing an owner', async () => {
      const owner = await newUser(gateway, 'Owner');
      const admin = await newUser(gateway, 'Admin');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      const adminMember = await addMember(owner, organization.id, admin, 'admin');
      await addMember(owner, organization.id, member);
      expectError(await member.post('/organization/remove-member', { memberIdOrEmail: adminMember.id }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
      expectError(await admin.post('/organization/remove-member', { memberIdOrEmail: owner.user.email }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
    });

    it('answers 400 MEMBER_NOT_FOUND and 400 YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      expectError(await owner.post('/organization/remove-member', { memberIdOrEmail: 'nobody@example.com' }), E.MEMBER_NOT_FOUND);
      expectError(await owner.post('/organization/remove-member', { memberIdOrEmail: 'no-such-member' }), E.MEMBER_NOT_FOUND);
      expectError(await owner.post('/organization/remove-member', { memberIdOrEmail: organization.members[0]!.id }), E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
    });
  });

  describe('POST /organization/leave', () => {
    it('lets a member leave and clears the organization from their session', async () => {
      const owner = await newUser(gateway, 'Owner');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      const joined = await addMember(owner, organization.id, member);
      expect(await member.activeOrganizationId()).toBe(organization.id);
      const res = await member.post('/organization/leave', { organizationId: organization.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: joined.id, userId: member.user.id });
      expect(await member.activeOrganizationId()).toBeNull();
      expect((await member.get('/organization/list')).body).toEqual([]);
    });

    it('answers 400 YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER and 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      expectError(await owner.post('/organization/leave', { organizationId: organization.id }), E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.post('/organization/leave', { organizationId: organization.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    });

    it('lets an owner leave once another owner exists', async () => {
      const owner = await newUser(gateway, 'Owner');
      const second = await newUser(gateway, 'Second');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, second, 'owner');
      expect((await owner.post('/organization/leave', { organizationId: organization.id })).status).toBe(200);
      expectError(await second.post('/organization/leave', { organizationId: organization.id }), E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
    });
  });

  describe('POST /organization/has-permission', () => {
    it("answers whether the caller's role grants every requested action (spec section 6)", async () => {
      const owner = await newUser(gateway, 'Owner');
      const admin = await newUser(gateway, 'Admin');
      const member = await newUser(gateway, 'Member');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, admin, 'admin');
      await addMember(owner, organization.id, member);
      const check = async (client: typeof owner, permissions: Record<string, string[]>) => {
        const res = await client.post('/organization/has-permission', { permissions, organizationId: organization.id });
        expect(res.status).toBe(200);
        expect(res.body.error).toBeNull();
        return res.body.success as boolean;
      };
      expect(await check(owner, { organization: ['update', 'delete'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'], team: ['create', 'update', 'delete'] })).toBe(true);
      expect(await check(admin, { organization: ['update'], member: ['delete'], invitation: ['cancel'], team: ['delete'] })).toBe(true);
      expect(await check(admin, { organization: ['delete'] })).toBe(false);
      expect(await check(member, { member: ['delete'] })).toBe(false);
      expect(await check(member, { invitation: ['create'] })).toBe(false);
      expect(await check(owner, { unknown: ['read'] })).toBe(false);
    });

    it('takes the singular permission too (spec section 5: permission or permissions)', async () => {
      const owner = await newUser(gateway, 'Owner');
      const organization = await createOrganization(owner);
      const res = await owner.post('/organization/has-permission', { permission: { member: ['delete'] }, organizationId: organization.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, error: null });
    });

    it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, 400 NO_ACTIVE_ORGANIZATION and 400 without permissions', async () => {
      const organization = await createOrganization(await newUser(gateway, 'Owner'));
      const stranger = await newUser(gateway, 'Stranger');
      expectError(await stranger.post('/organization/has-permission', { permissions: { member: ['delete'] }, organizationId: organization.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
      expectError(await stranger.post('/organization/has-permission', { permissions: { member: ['delete'] } }), E.NO_ACTIVE_ORGANIZATION);
      for (const body of [{ organizationId: organization.id }, { permissions: {}, organizationId: organization.id }]) {
        const res = await stranger.post('/organization/has-permission', body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 'INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED', message: 'invalid permission check. no permission(s) were passed.' });
      }
    });
  });
});
