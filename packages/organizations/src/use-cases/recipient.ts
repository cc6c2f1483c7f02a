import { raise, type Clock, type ErrorDefinition } from '@tend/kernel';
import type { Actor, Invitation } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { InvitationRepository } from '../ports.js';

/**
 * The invitation the caller may answer: pending, unexpired (else `notFound`) and addressed to
 * the caller's email, compared case-insensitively (else 403).
 */
export async function invitationForRecipient(
  invitations: Pick<InvitationRepository, 'findById'>,
  clock: Clock,
  actor: Actor,
  invitationId: string,
  notFound: ErrorDefinition = ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
): Promise<Invitation> {
  const invitation = await invitations.findById(invitationId);
  if (!invitation || invitation.status !== 'pending' || invitation.expiresAt.getTime() <= clock.now().getTime()) throw raise(notFound);
  if (invitation.email.toLowerCase() !== actor.email.toLowerCase()) throw raise(ORGANIZATION_ERRORS.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION);
  return invitation;
}
