import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { ListInvitations } from './list-invitations.js';

describe('ListInvitations', () => {
  it("lists the organization's invitations, newest first, for its members; by default the active organization", async () => {
    const f = organizationFixture();
    const owner = await f.signUp();
    const { organization } = await f.organization(owner);
    const first = await f.invite(owner, organization.id, 'bob@example.com');
    f.clock.advance(1000);
    const second = await f.invite(owner, organization.id, 'eve@example.com');
    const member = await f.signUp();
    await f.join(organization.id, member);
    expect(await new ListInvitations(f.stores).execute({ actor: { ...member, activeOrganizationId: organization.id } })).toEqual([second, first]);
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for others and 400 ORGANIZATION_ID_IS_REQUIRED without one', async () => {
    const f = organizationFixture();
    const { organization } = await f.organization(await f.signUp());
    const eve = await f.signUp();
    const list = new ListInvitations(f.stores);
    await expect(list.execute({ actor: eve, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    await expect(list.execute({ actor: eve })).rejects.toMatchObject(ORGANIZATION_ERRORS.ORGANIZATION_ID_IS_REQUIRED);
  });
});
