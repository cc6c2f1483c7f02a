import { GENERAL_ERRORS } from '@tend/kernel';
import type { Actor } from '../entities.js';
import { ORGANIZATION_ERRORS as E, ROLE_ERRORS as R } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { CheckOrganizationPermission } from './check-organization-permission.js';
import { InviteMember } from './invite-member.js';
import { RemoveMember } from './remove-member.js';
import { CreateRole, DeleteRole, GetRole, ListRoles, UpdateRole } from './runtime-roles.js';
import { UpdateMemberRole } from './update-member-role.js';

async function setup() {
  const f = organizationFixture();
  const active = (actor: Actor): Actor => ({ ...actor, activeOrganizationId: organization.id });
  const ownerActor = await f.signUp();
  const { organization } = await f.organization(ownerActor);
  const adminActor = await f.signUp();
  await f.join(organization.id, adminActor, 'admin');
  const memberActor = await f.signUp();
  const member = await f.join(organization.id, memberActor);
  return {
    f,
    organization,
    member,
    owner: active(ownerActor),
    admin: active(adminActor),
    plain: active(memberActor),
    create: new CreateRole(f.stores, f.clock),
    list: new ListRoles(f.stores),
    get: new GetRole(f.stores),
    update: new UpdateRole(f.stores),
    remove: new DeleteRole(f.stores),
    check: new CheckOrganizationPermission(f.stores),
    setRole: new UpdateMemberRole(f.stores),
  };
}

describe('CreateRole', () => {
  it('stores the name lower-cased with its permission, and answers it with its statements', async () => {
    const { create, owner, organization, f } = await setup();
    const created = await create.execute({ actor: owner, role: ' Coach ', permission: { member: ['update', 'update'], ac: ['read'] } });
    expect(created).toEqual({
      success: true,
      roleData: { id: expect.any(String), organizationId: organization.id, role: 'coach', permission: { member: ['update'], ac: ['read'] }, createdAt: f.clock.now() },
      statements: { member: ['update'], ac: ['read'] },
    });
  });

  it('refuses a name taken in the organization in any case, or a built-in role, with 400 ROLE_NAME_IS_ALREADY_TAKEN', async () => {
    const { create, owner } = await setup();
    await create.execute({ actor: owner, role: 'coach', permission: {} });
    await expect(create.execute({ actor: owner, role: 'COACH', permission: {} })).rejects.toMatchObject(R.ROLE_NAME_IS_ALREADY_TAKEN);
    for (const role of ['owner', 'Admin', 'MEMBER']) await expect(create.execute({ actor: owner, role, permission: {} })).rejects.toMatchObject(R.ROLE_NAME_IS_ALREADY_TAKEN);
  });

  it('lets another organization use the same name', async () => {
    const { create, owner, f } = await setup();
    await create.execute({ actor: owner, role: 'coach', permission: {} });
    const other = await f.signUp();
    const { organization } = await f.organization(other);
    expect((await create.execute({ actor: other, organizationId: organization.id, role: 'coach', permission: {} })).roleData.role).toBe('coach');
  });

  it('refuses a blank name or one with a comma (400), and an unknown resource (400 INVALID_RESOURCE)', async () => {
    const { create, owner } = await setup();
    await expect(create.execute({ actor: owner, role: '  ', permission: {} })).rejects.toMatchObject(GENERAL_ERRORS.VALIDATION_ERROR);
    await expect(create.execute({ actor: owner, role: 'a,b', permission: {} })).rejects.toMatchObject(GENERAL_ERRORS.VALIDATION_ERROR);
    await expect(create.execute({ actor: owner, role: 'coach', permission: { billing: ['read'] } })).rejects.toMatchObject(R.INVALID_RESOURCE);
  });

  it('lets nobody grant what they lack: an admin cannot put organization delete into a role, nor anyone an unknown action', async () => {
    const { create, owner, admin } = await setup();
    await expect(create.execute({ actor: admin, role: 'deleter', permission: { organization: ['delete'] } })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
    await expect(create.execute({ actor: owner, role: 'flyer', permission: { member: ['fly'] } })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
    expect((await create.execute({ actor: admin, role: 'helper', permission: { organization: ['update'] } })).roleData.role).toBe('helper');
  });

  it('answers 403 to a plain member and to an outsider', async () => {
    const { create, plain, f, organization } = await setup();
    await expect(create.execute({ actor: plain, role: 'coach', permission: {} })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
    await expect(create.execute({ actor: await f.signUp(), organizationId: organization.id, role: 'coach', permission: {} })).rejects.toMatchObject(E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  });
});

describe('ListRoles and GetRole', () => {
  it('list the roles oldest first, and get one by name (any case) or id, for every built-in role', async () => {
    const { create, list, get, owner, admin, plain, f } = await setup();
    const coach = (await create.execute({ actor: owner, role: 'coach', permission: { member: ['update'] } })).roleData;
    f.clock.advance(1000);
    const helper = (await create.execute({ actor: owner, role: 'helper', permission: {} })).roleData;
    for (const actor of [owner, admin, plain]) expect(await list.execute({ actor })).toEqual([coach, helper]);
    expect(await get.execute({ actor: plain, roleName: 'COACH' })).toEqual(coach);
    expect(await get.execute({ actor: plain, roleId: helper.id })).toEqual(helper);
    await expect(get.execute({ actor: plain, roleName: 'nobody' })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
    await expect(get.execute({ actor: plain })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
  });

  it("finds no role of another organization by id, and refuses a runtime role without ac read (403 YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE)", async () => {
    const { create, get, list, owner, setRole, member, plain, f } = await setup();
    const other = await f.signUp();
    const elsewhere = await f.organization(other);
    const foreign = (await create.execute({ actor: other, organizationId: elsewhere.organization.id, role: 'coach', permission: {} })).roleData;
    await expect(get.execute({ actor: owner, roleId: foreign.id })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
    await create.execute({ actor: owner, role: 'silent', permission: { member: ['update'] } });
    await setRole.execute({ actor: owner, memberId: member.id, role: 'silent' });
    await expect(list.execute({ actor: plain })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
    await expect(get.execute({ actor: plain, roleName: 'silent' })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
  });
});

describe('UpdateRole', () => {
  it('changes the permission and the name; holders keep the role under its new name', async () => {
    const { create, update, get, owner, setRole, member, f } = await setup();
    await create.execute({ actor: owner, role: 'coach', permission: { member: ['update'] } });
    await setRole.execute({ actor: owner, memberId: member.id, role: 'member,coach' });
    const { roleData } = await update.execute({ actor: owner, roleName: 'coach', data: { roleName: 'Trainer', permission: { team: ['create'] } } });
    expect(roleData).toMatchObject({ role: 'trainer', permission: { team: ['create'] } });
    expect(await get.execute({ actor: owner, roleId: roleData.id })).toEqual(roleData);
    expect((await f.stores.members.findById(member.id))?.role).toBe('member,trainer');
  });

  it('refuses a taken or built-in name, an unknown role, an invalid resource and a permission the caller lacks', async () => {
    const { create, update, owner, admin, plain } = await setup();
    await create.execute({ actor: owner, role: 'coach', permission: {} });
    await create.execute({ actor: owner, role: 'helper', permission: {} });
    await expect(update.execute({ actor: owner, roleName: 'coach', data: { roleName: 'HELPER' } })).rejects.toMatchObject(R.ROLE_NAME_IS_ALREADY_TAKEN);
    await expect(update.execute({ actor: owner, roleName: 'coach', data: { roleName: 'admin' } })).rejects.toMatchObject(R.ROLE_NAME_IS_ALREADY_TAKEN);
    await expect(update.execute({ actor: owner, roleName: 'nobody', data: { roleName: 'x' } })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
    await expect(update.execute({ actor: owner, roleName: 'coach', data: { permission: { billing: ['x'] } } })).rejects.toMatchObject(R.INVALID_RESOURCE);
    await expect(update.execute({ actor: admin, roleName: 'coach', data: { permission: { organization: ['delete'] } } })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE);
    await expect(update.execute({ actor: plain, roleName: 'coach', data: { permission: {} } })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE);
    expect((await update.execute({ actor: owner, roleName: 'coach', data: { roleName: 'coach' } })).roleData.role).toBe('coach');
  });
});

describe('DeleteRole', () => {
  it('deletes a role nobody holds; refuses a built-in role, a held role, an unknown one and a plain member', async () => {
    const { create, remove, list, owner, plain, setRole, member } = await setup();
    await create.execute({ actor: owner, role: 'coach', permission: {} });
    const spare = (await create.execute({ actor: owner, role: 'spare', permission: {} })).roleData;
    await setRole.execute({ actor: owner, memberId: member.id, role: 'coach' });
    await expect(remove.execute({ actor: owner, roleName: 'admin' })).rejects.toMatchObject(R.CANNOT_DELETE_A_PRE_DEFINED_ROLE);
    await expect(remove.execute({ actor: owner, roleName: 'coach' })).rejects.toMatchObject(R.ROLE_IS_ASSIGNED_TO_MEMBERS);
    await expect(remove.execute({ actor: owner, roleName: 'nobody' })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
    await expect(remove.execute({ actor: plain, roleId: spare.id })).rejects.toMatchObject(R.YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE);
    expect(await remove.execute({ actor: owner, roleId: spare.id })).toEqual({ success: true });
    expect((await list.execute({ actor: owner })).map((role) => role.role)).toEqual(['coach']);
  });
});

describe('a runtime role on the other organization routes', () => {
  it('grants its holder exactly its permissions, in has-permission and the use cases, as stored at each call', async () => {
    const { create, update, check, owner, setRole, member, plain, f, organization } = await setup();
    await create.execute({ actor: owner, role: 'remover', permission: { member: ['delete'] } });
    await setRole.execute({ actor: owner, memberId: member.id, role: 'remover' });
    expect(await check.execute({ actor: plain, permissions: { member: ['delete'] } })).toEqual({ success: true, error: null });
    expect(await check.execute({ actor: plain, permissions: { member: ['update'] } })).toEqual({ success: false, error: null });
    expect(await check.execute({ actor: plain, permissions: { ac: ['read'] } })).toEqual({ success: false, error: null });
    const leaver = await f.signUp();
    const target = await f.join(organization.id, leaver);
    const removeMember = new RemoveMember(f.stores);
    expect((await removeMember.execute({ actor: plain, memberIdOrEmail: target.id })).member.id).toBe(target.id);
    await update.execute({ actor: owner, roleName: 'remover', data: { permission: { member: ['update'] } } });
    expect(await check.execute({ actor: plain, permissions: { member: ['delete'] } })).toEqual({ success: false, error: null });
    const again = await f.join(organization.id, await f.signUp());
    await expect(removeMember.execute({ actor: plain, memberIdOrEmail: again.id })).rejects.toMatchObject(E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
  });

  it("lets invite-member and update-member-role give the organization's runtime roles only, and only what the caller holds", async () => {
    const { create, owner, admin, setRole, member, f } = await setup();
    const invite = new InviteMember(f.stores, f.mailer, f.logger, f.clock, 'http://localhost:3000');
    await create.execute({ actor: owner, role: 'coach', permission: { team: ['create'] } });
    await create.execute({ actor: owner, role: 'deleter', permission: { organization: ['delete'] } });
    expect((await invite.execute({ actor: owner, email: 'new@example.com', role: 'coach' })).invitation.role).toBe('coach');
    expect((await setRole.execute({ actor: admin, memberId: member.id, role: ['member', 'coach'] })).member.role).toBe('member,coach');
    await expect(invite.execute({ actor: owner, email: 'x@example.com', role: 'stranger' })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
    await expect(setRole.execute({ actor: owner, memberId: member.id, role: 'stranger' })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
    await expect(invite.execute({ actor: admin, email: 'y@example.com', role: 'deleter' })).rejects.toMatchObject(E.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE);
    await expect(setRole.execute({ actor: admin, memberId: member.id, role: 'deleter' })).rejects.toMatchObject(E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
    // A role of another organization is no role here.
    const other = await f.signUp();
    const elsewhere = await f.organization(other);
    await create.execute({ actor: other, organizationId: elsewhere.organization.id, role: 'visitor', permission: {} });
    await expect(setRole.execute({ actor: owner, memberId: member.id, role: 'visitor' })).rejects.toMatchObject(E.ROLE_NOT_FOUND);
  });
});
