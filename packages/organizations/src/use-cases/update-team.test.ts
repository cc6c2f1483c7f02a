import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { UpdateTeam } from './update-team.js';

describe('UpdateTeam', () => {
  it('renames a team of the organization named in data (default the active one)', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization, team } = await f.organization(ada);
    f.clock.advance(1000);
    const update = new UpdateTeam(f.stores, f.clock);
    expect(await update.execute({ actor: ada, teamId: team.id, data: { name: 'Renamed', organizationId: organization.id } })).toEqual({ ...team, name: 'Renamed', updatedAt: f.clock.now() });
    expect((await update.execute({ actor: { ...ada, activeOrganizationId: organization.id }, teamId: team.id, data: {} })).name).toBe('Renamed');
  });

  it("answers 400 TEAM_NOT_FOUND for an unknown team or another organization's team", async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    const elsewhere = await f.organization(await f.signUp());
    const update = new UpdateTeam(f.stores, f.clock);
    for (const teamId of ['nope', elsewhere.team.id]) {
      await expect(update.execute({ actor: ada, teamId, data: { name: 'x', organizationId: organization.id } })).rejects.toMatchObject(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    }
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM for a plain member and 400 for an empty name', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization, team } = await f.organization(ada);
    const member = await f.signUp();
    await f.join(organization.id, member);
    const update = new UpdateTeam(f.stores, f.clock);
    await expect(update.execute({ actor: member, teamId: team.id, data: { name: 'x', organizationId: organization.id } })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM);
    await expect(update.execute({ actor: ada, teamId: team.id, data: { name: '', organizationId: organization.id } })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
