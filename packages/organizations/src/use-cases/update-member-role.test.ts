import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { UpdateMemberRole } from './update-member-role.js';

async function setup() {
  const f = organizationFixture();
  const ownerActor = await f.signUp();
  const { organization, owner } = await f.organization(ownerActor);
  const adminActor = await f.signUp();
  const admin = await f.join(organization.id, adminActor, 'admin');
  const memberActor = await f.signUp();
  const member = await f.join(organization.id, memberActor);
  const active = <T extends { activeOrganizationId: string | null }>(actor: T) => ({ ...actor, activeOrganizationId: organization.id });
  return { f, organization, owner, admin, member, ownerActor: active(ownerActor), adminActor: active(adminActor), memberActor: active(memberActor), update: new UpdateMemberRole(f.stores) };
}

describe('UpdateMemberRole', () => {
  it('lets an admin change a member role, and answers the member with the previous role', async () => {
    const { member, adminActor, update } = await setup();
    const result = await update.execute({ actor: adminActor, memberId: member.id, role: ['admin', 'member'] });
    expect(result).toEqual({ member: { ...member, role: 'admin,member' }, previousRole: 'member' });
  });

  it('lets only an owner make someone an owner or change an owner', async () => {
    const { owner, member, adminActor, ownerActor, update } = await setup();
    await expect(update.execute({ actor: adminActor, memberId: member.id, role: 'owner' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
    await expect(update.execute({ actor: adminActor, memberId: owner.id, role: 'member' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
    expect((await update.execute({ actor: ownerActor, memberId: member.id, role: 'owner' })).member.role).toBe('owner');
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER for a plain member', async () => {
    const { admin, memberActor, update } = await setup();
    await expect(update.execute({ actor: memberActor, memberId: admin.id, role: 'member' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
  });

  it('keeps an owner: the only owner cannot give up the role', async () => {
    const { owner, ownerActor, update } = await setup();
    await expect(update.execute({ actor: ownerActor, memberId: owner.id, role: 'admin' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER);
  });

  it('answers 400 ROLE_NOT_FOUND for an unknown role', async () => {
    const { member, ownerActor, update } = await setup();
    await expect(update.execute({ actor: ownerActor, memberId: member.id, role: 'coach' })).rejects.toMatchObject(ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
  });

  it("answers 400 MEMBER_NOT_FOUND for an unknown member or another organization's member", async () => {
    const { f, ownerActor, update } = await setup();
    const elsewhere = await f.organization(await f.signUp());
    await expect(update.execute({ actor: ownerActor, memberId: 'nope', role: 'admin' })).rejects.toMatchObject(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    await expect(update.execute({ actor: ownerActor, memberId: elsewhere.owner.id, role: 'admin' })).rejects.toMatchObject(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for others', async () => {
    const { f, organization, member, update } = await setup();
    await expect(update.execute({ actor: await f.signUp(), organizationId: organization.id, memberId: member.id, role: 'admin' })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });
});
