import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { ListTeams } from './list-teams.js';

describe('ListTeams', () => {
  it("lists the organization's teams, oldest first, for its members", async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization, team } = await f.organization(ada);
    f.clock.advance(1000);
    const second = await f.team(organization.id);
    expect(await new ListTeams(f.stores).execute({ actor: { ...ada, activeOrganizationId: organization.id } })).toEqual([team, second]);
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for others and 400 NO_ACTIVE_ORGANIZATION without one', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const eve = await f.signUp();
    await expect(new ListTeams(f.stores).execute({ actor: eve, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    await expect(new ListTeams(f.stores).execute({ actor: eve })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  });
});
