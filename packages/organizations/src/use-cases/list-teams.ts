import { GENERAL_ERRORS, raise } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Team } from '../entities.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership } from './access.js';

/** GET /organization/list-teams?organizationId: the organization's teams, oldest first, for its members. */
export class ListTeams {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'members' | 'teams'>,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: { actor: Actor; organizationId?: string }): Promise<Team[]> {
    if (!this.config.teams.enabled) throw raise(GENERAL_ERRORS.NOT_FOUND);
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    await requireMembership(this.stores.members, input.actor, organizationId);
    return this.stores.teams.list(organizationId);
  }
}
