import { raise } from '@tend/kernel';
import type { Actor, Invitation } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { requireMembership, requirePermission } from './access.js';

/**
 * POST /organization/cancel-invitation: a member of the invitation's organization with
 * invitation cancel permission cancels a pending invitation. The answer is the invitation.
 */
export class CancelInvitation {
  constructor(private readonly stores: Pick<OrganizationStores, 'invitations' | 'members' | 'roles'>) {}

  async execute(input: { actor: Actor; invitationId: string }): Promise<Invitation> {
    const invitation = await this.stores.invitations.findById(input.invitationId);
    if (!invitation) throw raise(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    const member = await requireMembership(this.stores.members, input.actor, invitation.organizationId);
    await requirePermission(this.stores.roles, member, { invitation: ['cancel'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION);
    const canceled = await this.stores.invitations.settle(invitation.id, 'canceled');
    if (!canceled) throw raise(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    return canceled;
  }
}
