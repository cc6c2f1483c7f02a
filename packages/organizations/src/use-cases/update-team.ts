import { GENERAL_ERRORS, raise, type Clock } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Team } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership, requirePermission } from './access.js';

export interface UpdateTeamInput {
  actor: Actor;
  teamId: string;
  /** `organizationId` names the team's organization (default the active one); it never moves the team. */
  data: { name?: string; organizationId?: string };
}

/** POST /organization/update-team: renames a team of the organization, by a member with team update permission. */
export class UpdateTeam {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'members' | 'teams' | 'roles'>,
    private readonly clock: Clock,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: UpdateTeamInput): Promise<Team> {
    if (!this.config.teams.enabled) throw raise(GENERAL_ERRORS.NOT_FOUND);
    const organizationId = organizationIdFor(input.actor, input.data.organizationId);
    const member = await requireMembership(this.stores.members, input.actor, organizationId);
    await requirePermission(this.stores.roles, member, { team: ['update'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM);
    const team = await this.stores.teams.findById(input.teamId);
    if (!team || team.organizationId !== organizationId) throw raise(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    const { name } = input.data;
    if (name === undefined) return team;
    if (!name) throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
    const updated = await this.stores.teams.update(team.id, { name, updatedAt: this.clock.now() });
    if (!updated) throw raise(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    return updated;
  }
}
