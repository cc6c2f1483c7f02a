import { raise, type ErrorDefinition } from '@tend/kernel';
import { memberHasPermission, memberUnderPolicies, ORGANIZATION_ERRORS, ROLE_ERRORS, type OrganizationStores } from '@tend/organizations';
import type { RequiredPermission } from '../../http/endpoint.js';
import { GATEWAY_ERRORS } from '../../http/gateway-errors.js';
import type { Authorizer } from '../../http/mount.js';
import type { Auth } from '../../http/session.js';

const E = ORGANIZATION_ERRORS;

/** What a refusal of each organization permission answers (the messages the use cases raise, spec section 8). */
const REFUSALS: Readonly<Record<string, { notMember: ErrorDefinition; denied: ErrorDefinition }>> = {
  'organization:update': { notMember: E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION },
  'organization:delete': { notMember: E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION },
  'member:update': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER },
  'member:delete': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER },
  'invitation:create': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION },
  'invitation:cancel': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION },
  'team:create': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION },
  'team:update': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM },
  'team:delete': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: E.YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION },
  'ac:create': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE },
  'ac:read': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE },
  'ac:update': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE },
  'ac:delete': { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: ROLE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE },
};
const OTHERWISE = { notMember: E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, denied: GATEWAY_ERRORS.FORBIDDEN };

type Fields = Record<string, unknown> | undefined;

/**
 * The `organization` scope: the caller's role in the organization the request names (its
 * `organizationId`, top level or in `data`; else the organization of the invitation it names;
 * else the session's active organization) must grant the route's permission (spec section 6);
 * a runtime role's grants are read from the database on each request, never cached. The
 * membership is read under the organization's policies (`memberUnderPolicies`, the package's one
 * access check: require two-factor). Runs before the handler, so a refused call does no work;
 * the use cases check again.
 */
export class OrganizationAuthorizer implements Authorizer {
  constructor(private readonly stores: Pick<OrganizationStores, 'members' | 'invitations' | 'roles'>) {}

  async authorize(auth: Auth, permission: RequiredPermission, input: { body: unknown; query: unknown }): Promise<void> {
    const refusal = REFUSALS[`${permission.resource}:${permission.action}`] ?? OTHERWISE;
    const organizationId = await this.organizationOf(auth, input.body as Fields, input.query as Fields);
    const access = await memberUnderPolicies(this.stores.members, auth.user.id, organizationId);
    if (!access) throw raise(refusal.notMember);
    if (!(await memberHasPermission(this.stores.roles, access.member, { [permission.resource]: [permission.action] }))) throw raise(refusal.denied);
  }

  private async organizationOf(auth: Auth, body: Fields, query: Fields): Promise<string> {
    const data = body?.data as Fields;
    const named = [body?.organizationId, data?.organizationId, query?.organizationId].find((id): id is string => typeof id === 'string' && id !== '');
    if (named) return named;
    if (typeof body?.invitationId === 'string') {
      const invitation = await this.stores.invitations.findById(body.invitationId);
      if (!invitation) throw raise(E.INVITATION_NOT_FOUND);
      return invitation.organizationId;
    }
    if (!auth.session.activeOrganizationId) throw raise(E.NO_ACTIVE_ORGANIZATION);
    return auth.session.activeOrganizationId;
  }
}
