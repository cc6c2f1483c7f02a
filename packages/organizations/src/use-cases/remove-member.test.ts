import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { RemoveMember } from './remove-member.js';

async function setup() {
  const f = organizationFixture();
  const ownerActor = await f.signUp();
  const { organization, owner } = await f.organization(ownerActor);
  const adminActor = await f.signUp();
  const admin = await f.join(organization.id, adminActor, 'admin');
  const memberActor = await f.signUp({ email: 'bob@example.com' });
  const member = await f.join(organization.id, memberActor);
  await f.stores.activeOrganizations.setActive(memberActor.sessionToken, organization.id);
  const active = <T extends { activeOrganizationId: string | null }>(actor: T) => ({ ...actor, activeOrganizationId: organization.id });
  return { f, organization, owner, admin, member, ownerActor: active(ownerActor), adminActor: active(adminActor), memberActor: active(memberActor), remove: new RemoveMember(f.stores) };
}

describe('RemoveMember', () => {
  it("removes a member by id, answers it, and clears the organization from the removed user's sessions", async () => {
    const { f, member, memberActor, adminActor, remove } = await setup();
    const result = await remove.execute({ actor: adminActor, memberIdOrEmail: member.id });
    expect(result.member).toMatchObject({ ...member, user: { id: memberActor.userId, email: 'bob@example.com' } });
    expect(result.activeOrganizationId).toBe(adminActor.activeOrganizationId);
    expect(await f.stores.members.findById(member.id)).toBeNull();
    expect(f.refresh(memberActor).activeOrganizationId).toBeNull();
  });

  it('removes a member by email, case-insensitively', async () => {
    const { member, ownerActor, remove } = await setup();
    expect((await remove.execute({ actor: ownerActor, memberIdOrEmail: 'Bob@Example.com' })).member.id).toBe(member.id);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER for a plain member, and for an admin removing an owner', async () => {
    const { owner, admin, memberActor, adminActor, remove } = await setup();
    await expect(remove.execute({ actor: memberActor, memberIdOrEmail: admin.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
    await expect(remove.execute({ actor: adminActor, memberIdOrEmail: owner.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
  });

  it('answers 400 YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER when removing the last owner', async () => {
    const { owner, ownerActor, remove } = await setup();
    await expect(remove.execute({ actor: ownerActor, memberIdOrEmail: owner.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
  });

  it('lets an owner remove another owner', async () => {
    const { f, organization, ownerActor, remove } = await setup();
    const second = await f.join(organization.id, await f.signUp(), 'owner');
    expect((await remove.execute({ actor: ownerActor, memberIdOrEmail: second.id })).member.id).toBe(second.id);
  });

  it("answers 400 MEMBER_NOT_FOUND for an unknown id or email, or another organization's member", async () => {
    const { f, ownerActor, remove } = await setup();
    const elsewhere = await f.organization(await f.signUp());
    for (const memberIdOrEmail of ['nope', 'nobody@example.com', elsewhere.owner.id]) {
      await expect(remove.execute({ actor: ownerActor, memberIdOrEmail })).rejects.toMatchObject(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    }
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for others and 400 NO_ACTIVE_ORGANIZATION without one', async () => {
    const { f, organization, member, remove } = await setup();
    const eve = await f.signUp();
    await expect(remove.execute({ actor: eve, organizationId: organization.id, memberIdOrEmail: member.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    await expect(remove.execute({ actor: eve, memberIdOrEmail: member.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  });
});
