import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { CheckOrganizationPermission } from './check-organization-permission.js';

describe('CheckOrganizationPermission', () => {
  it("answers whether the caller's role grants the permissions: { success, error: null }", async () => {
    const f = organizationFixture();
    const owner = await f.signUp();
    const { organization } = await f.organization(owner);
    const admin = await f.signUp();
    await f.join(organization.id, admin, 'admin');
    const check = new CheckOrganizationPermission(f.stores);
    const active = { activeOrganizationId: organization.id };
    expect(await check.execute({ actor: { ...owner, ...active }, permissions: { organization: ['delete'] } })).toEqual({ success: true, error: null });
    expect(await check.execute({ actor: { ...admin, ...active }, permissions: { organization: ['delete'] } })).toEqual({ success: false, error: null });
    expect(await check.execute({ actor: admin, organizationId: organization.id, permissions: { member: ['delete'], invitation: ['cancel'] } })).toEqual({ success: true, error: null });
  });

  it('answers 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION for others and 400 NO_ACTIVE_ORGANIZATION without one', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const eve = await f.signUp();
    const check = new CheckOrganizationPermission(f.stores);
    await expect(check.execute({ actor: eve, organizationId: organization.id, permissions: { team: ['create'] } })).rejects.toMatchObject(ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    await expect(check.execute({ actor: eve, permissions: { team: ['create'] } })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  });
});
