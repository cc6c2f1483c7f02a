import { organizationFixture } from '../testing/fixture.js';
import { ListUserInvitations } from './list-user-invitations.js';

describe('ListUserInvitations', () => {
  it("lists the pending, unexpired invitations to the caller's email with the organization name and slug", async () => {
    const f = organizationFixture();
    const owner = await f.signUp();
    const { organization } = await f.organization(owner, { name: 'Calm Coaches', slug: 'calm' });
    const bob = await f.signUp({ email: 'bob@example.com' });
    const invitation = await f.invite(owner, organization.id, 'bob@example.com');
    const settled = await f.invite(owner, (await f.organization(owner)).organization.id, 'bob@example.com');
    await f.stores.invitations.settle(settled.id, 'canceled');
    await f.invite(owner, organization.id, 'eve@example.com');
    const list = new ListUserInvitations(f.stores, f.clock);
    expect(await list.execute({ actor: { ...bob, email: 'BOB@example.com' } })).toEqual([{ ...invitation, organizationName: 'Calm Coaches', organizationSlug: 'calm' }]);
    f.clock.advance(172_800_000);
    expect(await list.execute({ actor: bob })).toEqual([]);
  });
});
