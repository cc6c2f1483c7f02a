import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { DeleteOrganization } from './delete-organization.js';

describe('DeleteOrganization', () => {
  it('lets the owner delete it with its members, invitations and teams, and clears it from every session', async () => {
    const f = organizationFixture();
    const owner = await f.signUp();
    const member = await f.signUp();
    const { organization } = await f.organization(owner);
    await f.join(organization.id, member);
    await f.stores.activeOrganizations.setActive(member.sessionToken, organization.id);
    const result = await new DeleteOrganization(f.stores).execute({ actor: { ...owner, activeOrganizationId: organization.id }, organizationId: organization.id });
    expect(result).toEqual({ organization, activeOrganizationId: null });
    expect(await f.stores.organizations.findById(organization.id)).toBeNull();
    expect(await f.stores.members.count(organization.id)).toBe(0);
    expect(await f.stores.teams.list(organization.id)).toEqual([]);
    expect(f.refresh(member).activeOrganizationId).toBeNull();
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION for an admin', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const admin = await f.signUp();
    await f.join(organization.id, admin, 'admin');
    await expect(new DeleteOrganization(f.stores).execute({ actor: admin, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION);
    expect(await f.stores.organizations.findById(organization.id)).not.toBeNull();
  });

  it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for someone else', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    await expect(new DeleteOrganization(f.stores).execute({ actor: await f.signUp(), organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
  });
});
