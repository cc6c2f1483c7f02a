import { GENERAL_ERRORS, raise, uuid, type Clock } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Team } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership, requirePermission } from './access.js';

/** POST /organization/create-team: by a member with team create permission; a name of at least one character. */
export class CreateTeam {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'members' | 'teams' | 'roles'>,
    private readonly clock: Clock,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: { actor: Actor; name: string; organizationId?: string }): Promise<Team> {
    if (!this.config.teams.enabled) throw raise(GENERAL_ERRORS.NOT_FOUND);
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const member = await requireMembership(this.stores.members, input.actor, organizationId);
    await requirePermission(this.stores.roles, member, { team: ['create'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION);
    if (!input.name) throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
    const now = this.clock.now();
    return this.stores.teams.create({ id: uuid(), name: input.name, organizationId, createdAt: now, updatedAt: now });
  }
}
