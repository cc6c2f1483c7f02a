import { raise } from '@tend/kernel';
import type { Actor, MemberWithUser } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { CREATOR_ROLE, hasRole } from '../permissions.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership, requirePermission } from './access.js';

export interface RemoveMemberInput {
  actor: Actor;
  /** A member id, or the member's email (it contains an at-sign). */
  memberIdOrEmail: string;
  /** Defaults to the active organization. */
  organizationId?: string;
}

export interface RemoveMemberResult {
  /** The response body is `{ member }`: the member as it was (with its user, for the audit log). */
  member: MemberWithUser;
  /** The caller's session's active organization after the call. */
  activeOrganizationId: string | null;
}

/**
 * POST /organization/remove-member: by a member with member delete permission; only an owner
 * removes an owner, and the last owner stays. The removed user's sessions no longer have the
 * organization active.
 */
export class RemoveMember {
  constructor(private readonly stores: Pick<OrganizationStores, 'members' | 'activeOrganizations' | 'roles'>) {}

  async execute(input: RemoveMemberInput): Promise<RemoveMemberResult> {
    const { actor } = input;
    const organizationId = organizationIdFor(actor, input.organizationId);
    const caller = await requireMembership(this.stores.members, actor, organizationId);
    const target = await this.find(organizationId, input.memberIdOrEmail);
    if (!target || target.organizationId !== organizationId) throw raise(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    await requirePermission(this.stores.roles, caller, { member: ['delete'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
    if (hasRole(target.role, CREATOR_ROLE) && !hasRole(caller.role, CREATOR_ROLE)) throw raise(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);

    const removed = await this.stores.members.remove(target.id, { ownerRole: CREATOR_ROLE });
    if (!removed.ok) {
      throw raise(removed.reason === 'last-owner' ? ORGANIZATION_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER : ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    }
    await this.stores.activeOrganizations.clearForMember(target.userId, organizationId);
    const member: MemberWithUser = { ...removed.value, user: target.user };
    const selfRemoved = target.userId === actor.userId && actor.activeOrganizationId === organizationId;
    return { member, activeOrganizationId: selfRemoved ? null : actor.activeOrganizationId };
  }

  private find(organizationId: string, memberIdOrEmail: string): Promise<MemberWithUser | null> {
    return memberIdOrEmail.includes('@')
      ? this.stores.members.findByEmail(organizationId, memberIdOrEmail.trim().toLowerCase())
      : this.stores.members.findById(memberIdOrEmail);
  }
}
