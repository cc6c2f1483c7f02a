import { GENERAL_ERRORS, raise } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Team } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership, requirePermission } from './access.js';

export const TEAM_REMOVED = 'Team removed successfully.';

export interface RemoveTeamResult {
  /** The response body is `{ message }`. */
  message: typeof TEAM_REMOVED;
  team: Team;
}

/**
 * POST /organization/remove-team: by a member with team delete permission, never their own
 * team; the organization's last team stays unless removing all teams is allowed.
 */
export class RemoveTeam {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'members' | 'teams' | 'roles'>,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: { actor: Actor; teamId: string; organizationId?: string }): Promise<RemoveTeamResult> {
    if (!this.config.teams.enabled) throw raise(GENERAL_ERRORS.NOT_FOUND);
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const member = await requireMembership(this.stores.members, input.actor, organizationId);
    if (member.teamId === input.teamId) throw raise(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM);
    await requirePermission(this.stores.roles, member, { team: ['delete'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION);
    const team = await this.stores.teams.findById(input.teamId);
    if (!team || team.organizationId !== organizationId) throw raise(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    const removed = await this.stores.teams.remove(team.id, { keepLast: !this.config.teams.allowRemovingAllTeams });
    if (!removed.ok) throw raise(removed.reason === 'last-team' ? ORGANIZATION_ERRORS.UNABLE_TO_REMOVE_LAST_TEAM : ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    return { message: TEAM_REMOVED, team: removed.value };
  }
}
