import { raise, uuid, type Clock } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Invitation, Member } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { invitationForRecipient } from './recipient.js';

export interface AcceptInvitationResult {
  /** The response body is `{ invitation, member }`. */
  invitation: Invitation;
  member: Member;
  /** The accepting session now has the organization active. */
  activeOrganizationId: string;
}

/**
 * POST /organization/accept-invitation: the recipient joins with the invitation's role and
 * team, and the organization becomes their session's active one. The status change and the
 * member insert are one transaction: of parallel accepts exactly one creates the member, and
 * parallel accepts never pass the membership limit.
 */
export class AcceptInvitation {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'invitations' | 'activeOrganizations'>,
    private readonly clock: Clock,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: { actor: Actor; invitationId: string }): Promise<AcceptInvitationResult> {
    const { actor } = input;
    const invitation = await invitationForRecipient(this.stores.invitations, this.clock, actor, input.invitationId);
    const now = this.clock.now();
    const accepted = await this.stores.invitations.accept(
      invitation.id,
      { id: uuid(), userId: actor.userId, createdAt: now },
      { now, membershipLimit: this.config.membershipLimit },
    );
    if (!accepted.ok) {
      const reasons = {
        'not-pending': ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
        'limit-reached': ORGANIZATION_ERRORS.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED,
        'already-member': ORGANIZATION_ERRORS.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
      } as const;
      throw raise(reasons[accepted.reason]);
    }
    await this.stores.activeOrganizations.setActive(actor.sessionToken, invitation.organizationId);
    return { ...accepted.value, activeOrganizationId: invitation.organizationId };
  }
}
