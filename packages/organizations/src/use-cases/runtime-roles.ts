// The organization's runtime roles (issue 32, better-auth's dynamic access control): create,
// list, get, update and delete, each needing the matching `ac` permission. Nobody puts into a
// role a permission they lack themselves; what a role grants is read from the store on every
// check (access.ts), so a change applies to the very next request on every instance.
import { GENERAL_ERRORS, raise, uuid, type Clock, type ErrorDefinition } from '@tend/kernel';
import type { Actor, MemberWithUser, RuntimeRole } from '../entities.js';
import { ORGANIZATION_ERRORS, ROLE_ERRORS } from '../error-codes.js';
import { isBuiltInRole, ORGANIZATION_STATEMENTS } from '../permissions.js';
import type { OrganizationStores, RuntimeRolePatch } from '../ports.js';
import { organizationIdFor, requireGrantable, requireMembership, requirePermission } from './access.js';

type Stores = Pick<OrganizationStores, 'members' | 'roles'>;
type Permission = Record<string, string[]>;

/** A role named by its name (any case) or by its id. */
export interface RoleRef {
  roleName?: string;
  roleId?: string;
}

/** What create-role answers: the role, and what it grants (better-auth's `statements`). */
export interface CreateRoleResult {
  success: true;
  roleData: RuntimeRole;
  statements: Permission;
}

/** The caller's membership of the organization, when their role grants `ac: <action>`; else `denied`. */
async function caller(stores: Stores, actor: Actor, organizationId: string, action: 'create' | 'read' | 'update' | 'delete', denied: ErrorDefinition): Promise<MemberWithUser> {
  const member = await requireMembership(stores.members, actor, organizationId);
  await requirePermission(stores.roles, member, { ac: [action] }, denied);
  return member;
}

/** A role's name as stored: trimmed and lower-cased; blank or with a comma (roles are comma-separated) is a 400; a built-in role's is taken. */
function roleName(name: string): string {
  const stored = name.trim().toLowerCase();
  if (stored === '' || stored.includes(',')) throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
  if (isBuiltInRole(stored)) throw raise(ROLE_ERRORS.ROLE_NAME_IS_ALREADY_TAKEN);
  return stored;
}

/**
 * The permission as stored: every resource one of ORGANIZATION_STATEMENTS' (else 400
 * INVALID_RESOURCE), each action once; the caller must hold every action (else `denied`, which
 * also refuses an action no role can hold).
 */
async function grantablePermission(stores: Stores, member: MemberWithUser, permission: Readonly<Record<string, readonly string[]>>, denied: ErrorDefinition): Promise<Permission> {
  const entries = Object.entries(permission);
  if (entries.some(([resource]) => !Object.hasOwn(ORGANIZATION_STATEMENTS, resource))) throw raise(ROLE_ERRORS.INVALID_RESOURCE);
  const stored: Permission = Object.fromEntries(entries.map(([resource, actions]) => [resource, [...new Set(actions)]]));
  await requireGrantable(stores.roles, member, new Map([['', stored]]), denied);
  return stored;
}

/** The organization's role `ref` names (its name in any case, or its id); else 400 ROLE_NOT_FOUND. */
async function findRole(stores: Stores, organizationId: string, ref: RoleRef): Promise<RuntimeRole> {
  const role = ref.roleId
    ? await stores.roles.findById(organizationId, ref.roleId)
    : ref.roleName
      ? await stores.roles.findByName(organizationId, ref.roleName.trim().toLowerCase())
      : null;
  if (!role) throw raise(ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
  return role;
}

/** POST /organization/create-role: by a member holding `ac: create` and every permission the role grants. */
export class CreateRole {
  constructor(
    private readonly stores: Stores,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; role: string; permission: Readonly<Record<string, readonly string[]>>; organizationId?: string }): Promise<CreateRoleResult> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const member = await caller(this.stores, input.actor, organizationId, 'create', ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
    const permission = await grantablePermission(this.stores, member, input.permission, ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE);
    const role: RuntimeRole = { id: uuid(), organizationId, role: roleName(input.role), permission, createdAt: this.clock.now() };
    const created = await this.stores.roles.create(role);
    if (!created.ok) throw raise(created.reason === 'name-taken' ? ROLE_ERRORS.ROLE_NAME_IS_ALREADY_TAKEN : ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    return { success: true, roleData: created.value, statements: created.value.permission };
  }
}

/** GET /organization/list-roles: the organization's runtime roles, oldest first, for a member holding `ac: read`. */
export class ListRoles {
  constructor(private readonly stores: Stores) {}

  async execute(input: { actor: Actor; organizationId?: string }): Promise<RuntimeRole[]> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    await caller(this.stores, input.actor, organizationId, 'read', ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
    return this.stores.roles.list(organizationId);
  }
}

/** GET /organization/get-role: one runtime role by name or id, for a member holding `ac: read`. */
export class GetRole {
  constructor(private readonly stores: Stores) {}

  async execute(input: RoleRef & { actor: Actor; organizationId?: string }): Promise<RuntimeRole> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    await caller(this.stores, input.actor, organizationId, 'read', ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE);
    return findRole(this.stores, organizationId, input);
  }
}

/**
 * POST /organization/update-role: new permissions (each held by the caller) and / or a new
 * name (renamed in its members' roles too), by a member holding `ac: update`.
 */
export class UpdateRole {
  constructor(private readonly stores: Stores) {}

  async execute(input: RoleRef & { actor: Actor; organizationId?: string; data: { permission?: Readonly<Record<string, readonly string[]>>; roleName?: string } }): Promise<{ success: true; roleData: RuntimeRole }> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const member = await caller(this.stores, input.actor, organizationId, 'update', ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE);
    const role = await findRole(this.stores, organizationId, input);
    const patch: RuntimeRolePatch = {};
    if (input.data.permission) patch.permission = await grantablePermission(this.stores, member, input.data.permission, ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE);
    if (input.data.roleName !== undefined) patch.role = roleName(input.data.roleName);
    if (patch.permission === undefined && patch.role === undefined) return { success: true, roleData: role };
    const updated = await this.stores.roles.update(role.id, patch);
    if (!updated.ok) throw raise(updated.reason === 'name-taken' ? ROLE_ERRORS.ROLE_NAME_IS_ALREADY_TAKEN : ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
    return { success: true, roleData: updated.value };
  }
}

/** POST /organization/delete-role: by a member holding `ac: delete`; never a built-in role, nor one a member holds. */
export class DeleteRole {
  constructor(private readonly stores: Stores) {}

  async execute(input: RoleRef & { actor: Actor; organizationId?: string }): Promise<{ success: true }> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    await caller(this.stores, input.actor, organizationId, 'delete', ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE);
    if (input.roleName !== undefined && isBuiltInRole(input.roleName.trim().toLowerCase())) throw raise(ROLE_ERRORS.CANNOT_DELETE_A_PRE_DEFINED_ROLE);
    const role = await findRole(this.stores, organizationId, input);
    const removed = await this.stores.roles.remove(role.id);
    if (!removed.ok) throw raise(removed.reason === 'assigned' ? ROLE_ERRORS.ROLE_IS_ASSIGNED_TO_MEMBERS : ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
    return { success: true };
  }
}
