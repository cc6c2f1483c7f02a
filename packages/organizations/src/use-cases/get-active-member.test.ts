import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { GetActiveMember } from './get-active-member.js';

describe('GetActiveMember', () => {
  it("answers the caller's membership of the active organization", async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization, owner } = await f.organization(ada);
    expect(await new GetActiveMember(f.stores).execute({ actor: { ...ada, activeOrganizationId: organization.id } })).toMatchObject({ ...owner, user: { id: ada.userId } });
  });

  it('answers 400 NO_ACTIVE_ORGANIZATION without one and 400 MEMBER_NOT_FOUND when not a member', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const eve = await f.signUp();
    const get = new GetActiveMember(f.stores);
    await expect(get.execute({ actor: eve })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
    await expect(get.execute({ actor: { ...eve, activeOrganizationId: organization.id } })).rejects.toMatchObject(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
  });
});
