import { routes } from '@tend/contracts';
import { ORGANIZATION_ERRORS as E, TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import type { GatewayConfig } from '../../config.js';
import { settingsOf } from '../settings.js';
import { organizationsSettings } from './settings.js';
import { endpoint } from '../../http/endpoint.js';
import { actorOf } from './caller.js';
import { ORGANIZATIONS } from './tokens.js';

/** Refused to a member without a second factor while the organization requires one (issue 32). */
const { TWO_FACTOR_REQUIRED } = TWO_FACTOR_POLICY_ERRORS;

const tags = ['Organization teams'];
/** Team routes exist only with teams on (AUTH_ORGANIZATION_TEAMS). */
const teamsOn = (config: GatewayConfig) => settingsOf(config, organizationsSettings).teams.enabled;

export const createTeam = endpoint({
  ...routes.createTeam,
  summary: 'Create a team in an organization',
  description: 'Needs team create permission. The organization defaults to the active one.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'team', action: 'create' } },
  enabled: teamsOn,
  errors: [TWO_FACTOR_REQUIRED, E.NO_ACTIVE_ORGANIZATION, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, E.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { create: ORGANIZATIONS.CreateOrganizationTeam },
  handler: ({ deps, body, auth }) => deps.create.execute({ actor: actorOf(auth), name: body.name, organizationId: body.organizationId }),
});

export const updateTeam = endpoint({
  ...routes.updateTeam,
  summary: 'Rename a team',
  description: 'Needs team update permission. `data.organizationId` names the team’s organization (default the active one); it never moves the team.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'team', action: 'update' } },
  enabled: teamsOn,
  errors: [TWO_FACTOR_REQUIRED, E.NO_ACTIVE_ORGANIZATION, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM, E.TEAM_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  deps: { update: ORGANIZATIONS.UpdateOrganizationTeam },
  handler: ({ deps, body, auth }) => deps.update.execute({ actor: actorOf(auth), teamId: body.teamId, data: body.data ?? {} }),
});

export const removeTeam = endpoint({
  ...routes.removeTeam,
  summary: 'Remove a team',
  description: 'Needs team delete permission; never the caller’s own team, and the organization’s last team stays.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'team', action: 'delete' } },
  enabled: teamsOn,
  errors: [
    TWO_FACTOR_REQUIRED,
    E.NO_ACTIVE_ORGANIZATION,
    E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
    E.YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION,
    E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM,
    E.TEAM_NOT_FOUND,
    E.UNABLE_TO_REMOVE_LAST_TEAM,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  deps: { remove: ORGANIZATIONS.RemoveOrganizationTeam },
  async handler({ deps, body, auth }) {
    const { message } = await deps.remove.execute({ actor: actorOf(auth), teamId: body.teamId, organizationId: body.organizationId });
    return { message };
  },
});

export const listTeams = endpoint({
  ...routes.listTeams,
  summary: 'An organization’s teams, oldest first',
  description: 'For members of the organization (default the active one).',
  tags,
  auth: 'session',
  enabled: teamsOn,
  errors: [TWO_FACTOR_REQUIRED, E.NO_ACTIVE_ORGANIZATION, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: ORGANIZATIONS.ListOrganizationTeams },
  handler: ({ deps, query, auth }) => deps.list.execute({ actor: actorOf(auth), organizationId: query.organizationId }),
});
