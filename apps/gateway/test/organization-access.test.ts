import { ORGANIZATION_ERRORS as E } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { organizationsModule } from '../src/modules/organizations/module.js';
import { addMember, type Client, createOrganization, expectError, invite, newUser, type Organization, organizationConfig, ORIGIN, startGateway, type TestGateway } from './harness/index.js';

describe('organization access', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
  });
  afterAll(() => gateway.close());

  it('answers 401 UNAUTHORIZED on every organization route without a session', async () => {
    for (const spec of organizationsModule.endpoints) {
      const path = `/api/auth${spec.path}`;
      const res = spec.method === 'get' ? await gateway.http.get(path) : await gateway.http.post(path).set('Origin', ORIGIN).send({});
      expect({ route: `${spec.method} ${spec.path}`, status: res.status, body: res.body }).toEqual({
        route: `${spec.method} ${spec.path}`,
        status: 401,
        body: { code: SESSION_ERRORS.UNAUTHORIZED.code, message: SESSION_ERRORS.UNAUTHORIZED.message },
      });
    }
  });

  describe('an owner of organization A, acting on organization B', () => {
    let ownerA: Client;
    let ownerB: Client;
    let memberB: Client;
    let a: Organization;
    let b: Organization;
    let memberOfB: { id: string };
    let invitationOfB: { id: string };
    let teamOfB: string;

    beforeAll(async () => {
      ownerA = await newUser(gateway, 'OwnerA');
      ownerB = await newUser(gateway, 'OwnerB');
      memberB = await newUser(gateway, 'MemberB');
      b = await createOrganization(ownerB, 'Beta');
      memberOfB = await addMember(ownerB, b.id, memberB);
      invitationOfB = await invite(ownerB, b.id, 'pending@example.com');
      teamOfB = b.members[0]!.teamId!;
      a = await createOrganization(ownerA, 'Alpha');
      expect(await ownerA.activeOrganizationId()).toBe(a.id);
    });

    it('gets 403 for everything of B that names B', async () => {
      const calls: Array<[string, () => Promise<{ status: number; body: unknown }>, (typeof E)[keyof typeof E]]> = [
        ['update', () => ownerA.post('/organization/update', { organizationId: b.id, data: { name: 'Taken' } }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION],
        ['delete', () => ownerA.post('/organization/delete', { organizationId: b.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION],
        ['set-active', () => ownerA.post('/organization/set-active', { organizationId: b.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION],
        ['get-full-organization', () => ownerA.get('/organization/get-full-organization', { organizationId: b.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION],
        ['list-members', () => ownerA.get('/organization/list-members', { organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['update-member-role', () => ownerA.post('/organization/update-member-role', { memberId: memberOfB.id, role: 'admin', organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['remove-member', () => ownerA.post('/organization/remove-member', { memberIdOrEmail: memberOfB.id, organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['leave', () => ownerA.post('/organization/leave', { organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['invite-member', () => ownerA.post('/organization/invite-member', { email: 'intruder@example.com', role: 'admin', organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['cancel-invitation', () => ownerA.post('/organization/cancel-invitation', { invitationId: invitationOfB.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['list-invitations', () => ownerA.get('/organization/list-invitations', { organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['create-team', () => ownerA.post('/organization/create-team', { name: 'Intruders', organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['update-team', () => ownerA.post('/organization/update-team', { teamId: teamOfB, data: { name: 'Taken', organizationId: b.id } }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['remove-team', () => ownerA.post('/organization/remove-team', { teamId: teamOfB, organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['list-teams', () => ownerA.get('/organization/list-teams', { organizationId: b.id }), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION],
        ['has-permission', () => ownerA.post('/organization/has-permission', { permissions: { member: ['delete'] }, organizationId: b.id }), E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION],
      ];
      for (const [name, call, error] of calls) {
        const res = await call();
        expect({ name, status: res.status, body: res.body }).toEqual({ name, status: error.status, body: { code: error.code, message: error.message } });
      }
    });

    it("finds none of B's members or teams through A (its own active organization)", async () => {
      expectError(await ownerA.post('/organization/update-member-role', { memberId: memberOfB.id, role: 'admin' }), E.MEMBER_NOT_FOUND);
      expectError(await ownerA.post('/organization/remove-member', { memberIdOrEmail: memberOfB.id }), E.MEMBER_NOT_FOUND);
      expectError(await ownerA.post('/organization/remove-member', { memberIdOrEmail: memberB.user.email }), E.MEMBER_NOT_FOUND);
      expectError(await ownerA.post('/organization/update-team', { teamId: teamOfB, data: { name: 'Taken' } }), E.TEAM_NOT_FOUND);
      expectError(await ownerA.post('/organization/remove-team', { teamId: teamOfB }), E.TEAM_NOT_FOUND);
    });

    it('left B exactly as it was', async () => {
      const full = await ownerB.get('/organization/get-full-organization', { organizationId: b.id });
      expect(full.body).toMatchObject({ id: b.id, name: 'Beta', slug: b.slug });
      expect(full.body.members.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
        [b.members[0]!.id, 'owner'],
        [memberOfB.id, 'member'],
      ]);
      expect(full.body.invitations.find((i: { id: string }) => i.id === invitationOfB.id)).toMatchObject({ status: 'pending' });
      expect(full.body.invitations.map((i: { email: string }) => i.email)).not.toContain('intruder@example.com');
      expect(full.body.teams.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([[teamOfB, 'Beta']]);
      expect(await memberB.activeOrganizationId()).toBe(b.id);
      expect(await ownerA.activeOrganizationId()).toBe(a.id);
    });

    it('is refused by the authorizer before any work when the active organization lacks the permission', async () => {
      // memberB is a plain member of B (active): the organization scope refuses with the spec's 403.
      expectError(await memberB.post('/organization/update', { data: { name: 'Mine' } }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
      expectError(await memberB.post('/organization/remove-member', { memberIdOrEmail: 'no-such-member' }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
      expectError(await memberB.post('/organization/cancel-invitation', { invitationId: 'no-such-invitation' }), E.INVITATION_NOT_FOUND);
      expectError(await memberB.post('/organization/invite-member', { email: 'friend@example.com', role: 'member' }), E.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
    });
  });
});
