import { organizationsConfig } from '../config.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { RemoveTeam } from './remove-team.js';

async function setup() {
  const f = organizationFixture();
  const ownerActor = await f.signUp();
  const { organization, team } = await f.organization(ownerActor);
  const second = await f.team(organization.id);
  const adminActor = await f.signUp();
  await f.join(organization.id, adminActor, 'admin', team.id);
  const active = <T extends { activeOrganizationId: string | null }>(actor: T) => ({ ...actor, activeOrganizationId: organization.id });
  return { f, organization, team, second, admin: active(adminActor), owner: active(ownerActor) };
}

describe('RemoveTeam', () => {
  it("removes a team and clears it from its members: { message: 'Team removed successfully.' }", async () => {
    const { f, organization, second, admin } = await setup();
    const member = await f.join(organization.id, await f.signUp(), 'member', second.id);
    const result = await new RemoveTeam(f.stores).execute({ actor: admin, teamId: second.id });
    expect(result).toEqual({ message: 'Team removed successfully.', team: second });
    expect(await f.stores.teams.findById(second.id)).toBeNull();
    expect((await f.stores.members.findById(member.id))?.teamId).toBeNull();
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM for a member removing their own team', async () => {
    const { f, team, admin } = await setup();
    await expect(new RemoveTeam(f.stores).execute({ actor: admin, teamId: team.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION for a plain member', async () => {
    const { f, organization, second } = await setup();
    const member = await f.signUp();
    await f.join(organization.id, member);
    await expect(new RemoveTeam(f.stores).execute({ actor: member, organizationId: organization.id, teamId: second.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION);
  });

  it('answers 400 UNABLE_TO_REMOVE_LAST_TEAM for the last team, unless removing all teams is allowed', async () => {
    const { f, organization, team, second, admin } = await setup();
    const solo = await f.signUp();
    await f.join(organization.id, solo, 'admin');
    const remove = new RemoveTeam(f.stores);
    await remove.execute({ actor: admin, teamId: second.id });
    await expect(remove.execute({ actor: { ...solo, activeOrganizationId: organization.id }, teamId: team.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.UNABLE_TO_REMOVE_LAST_TEAM);
    const anyTeam = new RemoveTeam(f.stores, organizationsConfig({ teams: { allowRemovingAllTeams: true } }));
    expect((await anyTeam.execute({ actor: { ...solo, activeOrganizationId: organization.id }, teamId: team.id })).team.id).toBe(team.id);
  });

  it("answers 400 TEAM_NOT_FOUND for an unknown team or another organization's team", async () => {
    const { f, owner } = await setup();
    const elsewhere = await f.organization(await f.signUp());
    for (const teamId of ['nope', elsewhere.team.id]) {
      await expect(new RemoveTeam(f.stores).execute({ actor: owner, teamId })).rejects.toMatchObject(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    }
  });
});
