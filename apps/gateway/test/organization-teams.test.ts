import { ORGANIZATION_ERRORS as E } from '@tend/organizations';
import { addMember, createOrganization, expectError, invite, newUser, organizationConfig, startGateway, type TestGateway } from './harness/index.js';

describe('organization teams', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
  });
  afterAll(() => gateway.close());

  it('creates, lists, renames and removes teams; members of a removed team keep their membership', async () => {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const organization = await createOrganization(owner, 'Calm Coaches');
    await addMember(owner, organization.id, admin, 'admin');
    gateway.clock.advance(1000); // teams list oldest first
    const created = await owner.post('/organization/create-team', { name: 'Coaches' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Coaches', organizationId: organization.id });
    const listed = await admin.get('/organization/list-teams', { organizationId: organization.id });
    expect(listed.body.map((t: { name: string }) => t.name)).toEqual(['Calm Coaches', 'Coaches']);

    const renamed = await admin.post('/organization/update-team', { teamId: created.body.id, data: { name: 'Head coaches' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: 'Head coaches' });

    // A member invited into the team leaves it (but not the organization) when the team goes.
    const coach = await newUser(gateway, 'Coach');
    const invitation = await invite(owner, organization.id, coach, 'member', { teamId: created.body.id });
    expect((await coach.post('/organization/accept-invitation', { invitationId: invitation.id })).body.member.teamId).toBe(created.body.id);
    const removed = await admin.post('/organization/remove-team', { teamId: created.body.id, organizationId: organization.id });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Team removed successfully.' });
    expect((await owner.get('/organization/list-teams')).body.map((t: { id: string }) => t.id)).not.toContain(created.body.id);
    expect((await coach.get('/organization/get-active-member')).body).toMatchObject({ userId: coach.user.id, teamId: null });
  });

  it('answers 403 to a plain member for create, update and remove', async () => {
    const owner = await newUser(gateway, 'Owner');
    const member = await newUser(gateway, 'Member');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, member);
    const teamId = organization.members[0]!.teamId!;
    expectError(await member.post('/organization/create-team', { name: 'Mine' }), E.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION);
    expectError(await member.post('/organization/update-team', { teamId, data: { name: 'Mine' } }), E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM);
    expectError(await member.post('/organization/remove-team', { teamId }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION);
    expect((await member.get('/organization/list-teams')).status).toBe(200);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM to someone removing their own team', async () => {
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    await owner.post('/organization/create-team', { name: 'Second' });
    expectError(await owner.post('/organization/remove-team', { teamId: organization.members[0]!.teamId }), E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM);
  });

  it('answers 400 UNABLE_TO_REMOVE_LAST_TEAM for the organization’s only team', async () => {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, admin, 'admin');
    expectError(await admin.post('/organization/remove-team', { teamId: organization.members[0]!.teamId }), E.UNABLE_TO_REMOVE_LAST_TEAM);
  });

  it('answers 400 TEAM_NOT_FOUND for an unknown team or a team of another organization', async () => {
    const owner = await newUser(gateway, 'Owner');
    const admin = await newUser(gateway, 'Admin');
    const organization = await createOrganization(owner);
    await addMember(owner, organization.id, admin, 'admin');
    const other = await createOrganization(await newUser(gateway, 'Other'));
    const foreignTeam = other.members[0]!.teamId!;
    for (const teamId of ['no-such-team', foreignTeam]) {
      expectError(await admin.post('/organization/update-team', { teamId, data: { name: 'x' } }), E.TEAM_NOT_FOUND);
      expectError(await admin.post('/organization/remove-team', { teamId }), E.TEAM_NOT_FOUND);
    }
  });

  it('answers 400 NO_ACTIVE_ORGANIZATION and 400 VALIDATION_ERROR', async () => {
    const loner = await newUser(gateway, 'Loner');
    expectError(await loner.get('/organization/list-teams'), E.NO_ACTIVE_ORGANIZATION);
    expectError(await loner.post('/organization/create-team', { name: 'x' }), E.NO_ACTIVE_ORGANIZATION);
    const owner = await newUser(gateway, 'Owner');
    const organization = await createOrganization(owner);
    const teamId = organization.members[0]!.teamId!;
    for (const [path, body] of [
      ['/organization/create-team', { name: '' }],
      ['/organization/create-team', {}],
      ['/organization/update-team', { teamId }],
      ['/organization/update-team', { teamId, data: { name: '' } }],
      ['/organization/remove-team', {}],
    ] as const) {
      const res = await owner.post(path, body);
      expect({ path, body, status: res.status, code: res.body.code }).toEqual({ path, body, status: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('lets the last team go when removing all teams is allowed', async () => {
    const allowing = await startGateway(organizationConfig({ teams: { enabled: true, allowRemovingAllTeams: true } }));
    try {
      const owner = await newUser(allowing, 'Owner');
      const admin = await newUser(allowing, 'Admin');
      const organization = await createOrganization(owner);
      await addMember(owner, organization.id, admin, 'admin');
      expect((await admin.post('/organization/remove-team', { teamId: organization.members[0]!.teamId })).status).toBe(200);
      expect((await owner.get('/organization/list-teams')).body).toEqual([]);
    } finally {
      await allowing.close();
    }
  });
});
