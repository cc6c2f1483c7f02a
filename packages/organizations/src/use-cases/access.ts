import { raise, type ErrorDefinition } from '@tend/kernel';
import type { Actor, MemberAccess, MemberWithUser } from '../entities.js';
import { ORGANIZATION_ERRORS, TWO_FACTOR_POLICY_ERRORS } from '../error-codes.js';
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
 * The organization's policies on a member's access, the one place they are checked (every
 * organization route resolves its caller's membership through `memberUnderPolicies`, as do
 * SCIM's and SSO's management of the organization): while the organization requires two-factor,
 * a member whose account has no second factor gets 403 TWO_FACTOR_REQUIRED.
 */
export function requirePolicies(access: Pick<MemberAccess, 'requireTwoFactor' | 'twoFactorEnabled'>): void {
  if (access.requireTwoFactor && !access.twoFactorEnabled) throw raise(TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED);
}

/**
 * The user's membership of the organization under its policies (`requirePolicies`), or null
 * when not a member. One read: the member row with its user's second factor and the
 * organization's policy. `exempt` skips the policies: the routes a refused member still has
 * (get-full-organization, leave), so they can see why and go.
 */
export async function memberUnderPolicies(
  members: Pick<MemberRepository, 'findAccess'>,
  userId: string,
  organizationId: string,
  options: { exempt?: boolean } = {},
): Promise<MemberAccess | null> {
  const access = await members.findAccess(organizationId, userId);
  if (access && !options.exempt) requirePolicies(access);
  return access;
}

/**
 * The caller's membership of the organization, looked up on the server for every call; a
 * non-member (or an organization that does not exist) gets `notMember`, 403 by default, and a
 * member the organization's policies refuse their 403 (`memberUnderPolicies`), unless `exempt`.
 */
export async function requireMembership(
  members: Pick<MemberRepository, 'findAccess'>,
  actor: Actor,
  organizationId: string,
  notMember: ErrorDefinition = ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
  options: { exempt?: boolean } = {},
): Promise<MemberWithUser> {
  const access = await memberUnderPolicies(members, actor.userId, organizationId, options);
  if (!access) throw raise(notMember);
  return access.member;
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
