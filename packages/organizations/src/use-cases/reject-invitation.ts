import { raise, type Clock } from '@tend/kernel';
import type { Actor, Invitation } from '../entities.js';
import { REJECT_INVITATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { invitationForRecipient } from './recipient.js';

/** POST /organization/reject-invitation: the recipient declines a pending invitation. */
export class RejectInvitation {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'invitations'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor; invitationId: string }): Promise<{ invitation: Invitation; member: null }> {
    const notFound = REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND;
    const invitation = await invitationForRecipient(this.stores.invitations, this.clock, input.actor, input.invitationId, notFound);
    const rejected = await this.stores.invitations.settle(invitation.id, 'rejected', this.clock.now());
    if (!rejected) throw raise(notFound);
    return { invitation: rejected, member: null };
  }
}
