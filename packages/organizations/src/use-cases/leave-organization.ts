import { raise } from '@tend/kernel';
import type { Actor, Member } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { CREATOR_ROLE } from '../permissions.js';
import type { OrganizationStores } from '../ports.js';
import { requireMembership } from './access.js';

export interface LeaveOrganizationResult {
  /** The response body: the membership that ended. */
  member: Member;
  /** The caller's session's active organization after the call. */
  activeOrganizationId: string | null;
}

/**
 * POST /organization/leave: the caller leaves, unless they are its only owner. Their sessions
 * no longer have the organization active.
 */
export class LeaveOrganization {
  constructor(private readonly stores: Pick<OrganizationStores, 'members' | 'activeOrganizations'>) {}

  async execute(input: { actor: Actor; organizationId: string }): Promise<LeaveOrganizationResult> {
    const { actor, organizationId } = input;
    if (!organizationId) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_ID_IS_REQUIRED);
    // Open to a member the organization's policies refuse: they may always go.
    const member = await requireMembership(this.stores.members, actor, organizationId, undefined, { exempt: true });
    const removed = await this.stores.members.remove(member.id, { ownerRole: CREATOR_ROLE });
    if (!removed.ok) {
      throw raise(removed.reason === 'last-owner' ? ORGANIZATION_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER : ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    }
    await this.stores.activeOrganizations.clearForMember(actor.userId, organizationId);
    return { member: removed.value, activeOrganizationId: actor.activeOrganizationId === organizationId ? null : actor.activeOrganizationId };
  }
}
