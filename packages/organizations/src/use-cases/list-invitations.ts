import type { Actor, Invitation } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership } from './access.js';

/** GET /organization/list-invitations?organizationId: every invitation of the organization, for its members. */
export class ListInvitations {
  constructor(private readonly stores: Pick<OrganizationStores, 'invitations' | 'members'>) {}

  async execute(input: { actor: Actor; organizationId?: string }): Promise<Invitation[]> {
    const organizationId = organizationIdFor(input.actor, input.organizationId, ORGANIZATION_ERRORS.ORGANIZATION_ID_IS_REQUIRED);
    await requireMembership(this.stores.members, input.actor, organizationId);
    return this.stores.invitations.listByOrganization(organizationId);
  }
}
