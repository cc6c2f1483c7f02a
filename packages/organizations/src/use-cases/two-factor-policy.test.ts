import { TWO_FACTOR_POLICY_ERRORS as P } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import type { Actor } from '../entities.js';
import { CheckOrganizationPermission } from './check-organization-permission.js';
import { GetFullOrganization } from './get-full-organization.js';
import { LeaveOrganization } from './leave-organization.js';
import { ListMembers } from './list-members.js';
import { SetActiveOrganization } from './set-active-organization.js';
import { UpdateOrganization } from './update-organization.js';

// Require two-factor (issue 32) in the use cases, on the memory adapters: turning it on, the one
// access check refusing members without a second factor, the routes it leaves open, and who sees
// the members' second factors.
describe('require two-factor', () => {
  async function setup() {
    const f = organizationFixture();
    const owner = await f.signUp({ name: 'Owner' });
    const member = await f.signUp({ name: 'Member' });
    const { organization } = await f.organization(owner);
    await f.join(organization.id, member);
    const withSecondFactor = (actor: Actor) => void (f.tables.users.get(actor.userId)!.twoFactorEnabled = true);
    return { f, owner, member, organization, withSecondFactor, update: new UpdateOrganization(f.stores) };
  }

  it('is off by default; turning it on needs a second factor on the caller\u2019s own account', async () => {
    const { owner, organization, withSecondFactor, update } = await setup();
    expect(organization.requireTwoFactor).toBe(false);
    await expect(update.execute({ actor: owner, organizationId: organization.id, data: { requireTwoFactor: true } })).rejects.toMatchObject(P.ENABLE_TWO_FACTOR_FIRST);
    withSecondFactor(owner);
    expect(await update.execute({ actor: owner, organizationId: organization.id, data: { requireTwoFactor: true } })).toMatchObject({ requireTwoFactor: true });
  });

  it('refuses a member without a second factor (403 TWO_FACTOR_REQUIRED) but for get-full-organization and leave', async () => {
    const { f, owner, member, organization, withSecondFactor, update } = await setup();
    withSecondFactor(owner);
    await update.execute({ actor: owner, organizationId: organization.id, data: { requireTwoFactor: true } });
    const organizationId = organization.id;
    await expect(new ListMembers(f.stores).execute({ actor: member, organizationId })).rejects.toMatchObject(P.TWO_FACTOR_REQUIRED);
    await expect(new CheckOrganizationPermission(f.stores).execute({ actor: member, organizationId, permissions: { member: ['create'] } })).rejects.toMatchObject(P.TWO_FACTOR_REQUIRED);
    await expect(new SetActiveOrganization(f.stores).execute({ actor: member, organizationId })).rejects.toMatchObject(P.TWO_FACTOR_REQUIRED);
    expect(await new GetFullOrganization(f.stores).execute({ actor: member, organizationId })).toMatchObject({ id: organizationId, requireTwoFactor: true });
    // The owner, who has a second factor, is served.
    expect((await new ListMembers(f.stores).execute({ actor: owner, organizationId })).total).toBe(2);
    // With one, the member is served at once.
    withSecondFactor(member);
    expect((await new ListMembers(f.stores).execute({ actor: member, organizationId })).total).toBe(2);
    f.tables.users.get(member.userId)!.twoFactorEnabled = false;
    expect((await new LeaveOrganization(f.stores).execute({ actor: member, organizationId })).member.userId).toBe(member.userId);
  });

  it('shows the members\u2019 second factors to owners and admins only', async () => {
    const { f, owner, member, organization, withSecondFactor } = await setup();
    withSecondFactor(owner);
    const list = new ListMembers(f.stores);
    const flags = (members: Array<{ user: { name: string; twoFactorEnabled?: boolean } }>) => Object.fromEntries(members.map((m) => [m.user.name, m.user.twoFactorEnabled]));
    expect(flags((await list.execute({ actor: owner, organizationId: organization.id })).members)).toEqual({ Owner: true, Member: false });
    const shown = (await list.execute({ actor: member, organizationId: organization.id })).members;
    for (const listed of shown) expect(listed.user).not.toHaveProperty('twoFactorEnabled');
    const full = await new GetFullOrganization(f.stores).execute({ actor: owner, organizationId: organization.id });
    for (const listed of full!.members) expect(listed.user).not.toHaveProperty('twoFactorEnabled');
  });
});
