import { raise, type ErrorDefinition } from '@tend/kernel';
import type { Actor, MemberWithUser } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { hasOrganizationPermission, type OrganizationPermissions } from '../permissions.js';
import type { MemberRepository } from '../ports.js';

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

/** Throws `denied` unless the member's role grants `permissions` (spec section 6). */
export function requirePermission(member: { role: string }, permissions: OrganizationPermissions, denied: ErrorDefinition): void {
  if (!hasOrganizationPermission(member.role, permissions as Record<string, readonly string[]>)) throw raise(denied);
}
