import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { LeaveOrganization } from './leave-organization.js';

describe('LeaveOrganization', () => {
  it('ends the membership and clears the organization from all of the leaver’s sessions', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const bob = await f.signUp();
    const member = await f.join(organization.id, bob);
    await f.stores.activeOrganizations.setActive(bob.sessionToken, organization.id);
    const result = await new LeaveOrganization(f.stores).execute({ actor: f.refresh(bob), organizationId: organization.id });
    expect(result).toEqual({ member, activeOrganizationId: null });
    expect(f.refresh(bob).activeOrganizationId).toBeNull();
    expect(await f.stores.members.findById(member.id)).toBeNull();
  });

  it('answers 400 YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER for the last owner, and lets one of two owners leave', async () => {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    const leave = new LeaveOrganization(f.stores);
    await expect(leave.execute({ actor: ada, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
    const grace = await f.signUp();
    await f.join(organization.id, grace, 'admin,owner');
    expect((await leave.execute({ actor: ada, organizationId: organization.id })).member.userId).toBe(ada.userId);
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION when not a member', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    await expect(new LeaveOrganization(f.stores).execute({ actor: await f.signUp(), organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });
});
