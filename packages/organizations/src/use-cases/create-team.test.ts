import { organizationsConfig } from '../config.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { CreateTeam } from './create-team.js';

describe('CreateTeam', () => {
  it('lets a member with team create permission create a team in the active organization', async () => {
    const f = organizationFixture();
    const admin = await f.signUp();
    const { organization } = await f.organization(await f.signUp());
    await f.join(organization.id, admin, 'admin');
    const team = await new CreateTeam(f.stores, f.clock).execute({ actor: { ...admin, activeOrganizationId: organization.id }, name: 'Coaches' });
    expect(team).toMatchObject({ name: 'Coaches', organizationId: organization.id, createdAt: f.clock.now(), updatedAt: f.clock.now() });
    expect((await f.stores.teams.list(organization.id)).map((t) => t.name)).toContain('Coaches');
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION for a plain member and 403 for outsiders', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const member = await f.signUp();
    await f.join(organization.id, member);
    const create = new CreateTeam(f.stores, f.clock);
    await expect(create.execute({ actor: member, organizationId: organization.id, name: 'x' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION);
    await expect(create.execute({ actor: await f.signUp(), organizationId: organization.id, name: 'x' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });

  it('answers 400 VALIDATION_ERROR for an empty name and 404 when teams are off', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    await expect(new CreateTeam(f.stores, f.clock).execute({ actor: ada, organizationId: organization.id, name: '' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const off = new CreateTeam(f.stores, f.clock, organizationsConfig({ teams: { enabled: false } }));
    await expect(off.execute({ actor: ada, organizationId: organization.id, name: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
