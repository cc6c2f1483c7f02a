import type { Clock } from '@tend/kernel';
import type { Actor, UserInvitation } from '../entities.js';
import type { OrganizationStores } from '../ports.js';

/** GET /organization/list-user-invitations: the pending, unexpired invitations to the caller's email. */
export class ListUserInvitations {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'invitations'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: { actor: Actor }): Promise<UserInvitation[]> {
    return this.stores.invitations.listPendingByEmail(input.actor.email.toLowerCase(), this.clock.now());
  }
}
