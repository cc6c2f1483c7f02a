import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { SetActiveOrganization } from './set-active-organization.js';

describe('SetActiveOrganization', () => {
  it('sets the active organization by id or slug, and clears it with null', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada, { slug: 'calm' });
    const setActive = new SetActiveOrganization(f.stores);
    expect(await setActive.execute({ actor: ada, organizationId: organization.id })).toEqual({ organization, activeOrganizationId: organization.id });
    expect(f.refresh(ada).activeOrganizationId).toBe(organization.id);
    expect(await setActive.execute({ actor: f.refresh(ada), organizationId: null })).toEqual({ organization: null, activeOrganizationId: null });
    expect(f.refresh(ada).activeOrganizationId).toBeNull();
    expect((await setActive.execute({ actor: ada, organizationSlug: 'calm' })).organization?.id).toBe(organization.id);
  });

  it('answers the active organization when given neither id nor slug, and null without one', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    const setActive = new SetActiveOrganization(f.stores);
    expect(await setActive.execute({ actor: ada })).toEqual({ organization: null, activeOrganizationId: null });
    expect((await setActive.execute({ actor: { ...ada, activeOrganizationId: organization.id } })).organization?.id).toBe(organization.id);
  });

  it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for an organization of others, and leaves the session alone', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const eve = await f.signUp();
    await expect(new SetActiveOrganization(f.stores).execute({ actor: eve, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    expect(f.refresh(eve).activeOrganizationId).toBeNull();
  });

  it('answers 400 ORGANIZATION_NOT_FOUND for an unknown id or slug', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const setActive = new SetActiveOrganization(f.stores);
    await expect(setActive.execute({ actor: ada, organizationId: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    await expect(setActive.execute({ actor: ada, organizationSlug: 'nope' })).rejects.toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
  });
});
