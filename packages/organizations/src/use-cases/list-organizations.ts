import type { Actor, Organization } from '../entities.js';
import type { OrganizationStores } from '../ports.js';

/** GET /organization/list: the organizations the caller is a member of, oldest first. */
export class ListOrganizations {
  constructor(private readonly stores: Pick<OrganizationStores, 'organizations'>) {}

  async execute(input: { actor: Actor }): Promise<Organization[]> {
    return this.stores.organizations.listByUser(input.actor.userId);
  }
}
