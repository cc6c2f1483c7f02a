import { raise, type ErrorDefinition } from '@tend/kernel';
import type { Actor, MemberWithUser } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { hasOrganizationPermission, isBuiltInRole, parseRoles, type OrganizationPermissions, type RuntimeGrants } from '../permissions.js';
import type { MemberRepository, RuntimeRoleRepository } from '../ports.js';

/**
 * The organization a call acts on: the one it names, else the caller's active one, else
 * `missing` (400 No active organization by default).
 */
export function organizationIdFor(
  actor: Actor,
  organizationId: string | null | undefined,
  missing: ErrorDefinition = ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
): string {
  const id = organizationId || actor.activeOrganizationId;
  if (!id) throw raise(missing);
  return id;
}

/**
 * The caller's membership of the organization, looked up on the server for every call; a
 * non-member (or an organization that does not exist) gets `notMember`, 403 by default.
 */
export async function requireMembership(
  members: Pick<MemberRepository, 'findByUser'>,
  actor: Actor,
  organizationId: string,
  notMember: ErrorDefinition = ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
): Promise<MemberWithUser> {
  const member = await members.findByUser(organizationId, actor.userId);
  if (!member) throw raise(notMember);
  return member;
}

/** The runtime roles a role string names in the organization, read from the store now (none for built-in roles: no read). */
export async function runtimeGrantsOf(roles: Pick<RuntimeRoleRepository, 'findByNames'>, organizationId: string, role: string): Promise<RuntimeGrants> {
  const names = parseRoles(role).filter((name) => !isBuiltInRole(name));
  if (names.length === 0) return new Map();
  const found = await roles.findByNames(organizationId, names);
  return new Map(found.map((runtime) => [runtime.role, runtime.permission]));
}

/** Whether the member's role in its organization grants `permissions`: built-in roles, and runtime roles as stored now. */
export async function memberHasPermission(
  roles: Pick<RuntimeRoleRepository, 'findByNames'>,
  member: { organizationId: string; role: string },
  permissions: Readonly<Record<string, readonly string[]>>,
): Promise<boolean> {
  return hasOrganizationPermission(member.role, permissions, await runtimeGrantsOf(roles, member.organizationId, member.role));
}

/** Throws `denied` unless the member's role grants `permissions` (spec section 6; runtime roles as stored now). */
export async function requirePermission(
  roles: Pick<RuntimeRoleRepository, 'findByNames'>,
  member: { organizationId: string; role: string },
  permissions: OrganizationPermissions,
  denied: ErrorDefinition,
): Promise<void> {
  if (!(await memberHasPermission(roles, member, permissions as Record<string, readonly string[]>))) throw raise(denied);
}

/**
 * The role to store for `role` (one, several comma-separated, or a list), when each of its
 * roles is a built-in role or a runtime role of the organization; else 400 ROLE_NOT_FOUND.
 * Answers the stored form and the runtime roles it names.
 */
export async function knownRole(
  roles: Pick<RuntimeRoleRepository, 'findByNames'>,
  organizationId: string,
  role: string | readonly string[],
): Promise<{ role: string; runtime: RuntimeGrants }> {
  const names = parseRoles(role);
  if (names.length === 0) throw raise(ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
  const stored = names.join(',');
  const runtime = await runtimeGrantsOf(roles, organizationId, stored);
  if (!names.every((name) => isBuiltInRole(name) || runtime.has(name))) throw raise(ORGANIZATION_ERRORS.ROLE_NOT_FOUND);
  return { role: stored, runtime };
}

/**
 * Throws `denied` unless the caller holds every permission the runtime roles of `runtime`
 * grant: nobody hands out, through a role, a permission they lack themselves.
 */
export async function requireGrantable(
  roles: Pick<RuntimeRoleRepository, 'findByNames'>,
  caller: { organizationId: string; role: string },
  runtime: RuntimeGrants,
  denied: ErrorDefinition,
): Promise<void> {
  const callerGrants = await runtimeGrantsOf(roles, caller.organizationId, caller.role);
  for (const permission of runtime.values()) {
    for (const [resource, actions] of Object.entries(permission)) {
      for (const action of actions) if (!hasOrganizationPermission(caller.role, { [resource]: [action] }, callerGrants)) throw raise(denied);
    }
  }
}
