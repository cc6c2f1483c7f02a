import { raise, type Clock } from '@tend/kernel';
import type { Actor, Invitation } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { invitationForRecipient } from './recipient.js';

export type InvitationDetails = Invitation & { organizationName: string; organizationSlug: string; inviterEmail: string };

/**
 * GET /organization/get-invitation?id: a pending invitation, for its recipient only, with the
 * organization's name and slug and the inviter's email; the inviter must still be a member.
 */
export class GetInvitation {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'invitations' | 'organizations' | 'members'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; invitationId: string }): Promise<InvitationDetails> {
    const invitation = await invitationForRecipient(this.stores.invitations, this.clock, input.actor, input.invitationId);
    const organization = await this.stores.organizations.findById(invitation.organizationId);
    if (!organization) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    const inviter = await this.stores.members.findByUser(invitation.organizationId, invitation.inviterId);
    if (!inviter) throw raise(ORGANIZATION_ERRORS.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION);
    return { ...invitation, organizationName: organization.name, organizationSlug: organization.slug, inviterEmail: inviter.user.email };
  }
}
