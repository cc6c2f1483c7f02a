import { routes } from '@tend/contracts';
import { ORGANIZATION_ERRORS as E, type Member, TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { actorOf, auditSuccess, keepActiveOrganization } from './caller.js';
import { ORGANIZATIONS } from './tokens.js';

/** Refused to a member without a second factor while the organization requires one (issue 32). */
const { TWO_FACTOR_REQUIRED } = TWO_FACTOR_POLICY_ERRORS;

const tags = ['Organization members'];

export const listMembers = endpoint({
  ...routes.listMembers,
  summary: 'One page of an organization’s members with their users, and how many there are',
  description:
    'For members of the organization (default the active one). `limit` 1 to 100 (default 100), `offset`, `sortBy`, `sortDirection`. ' +
    'A filter: `filterField` (`role` or `userId`), `filterValue` (repeated for `in` and `not_in`) and `filterOperator` (default `eq`). ' +
    '`searchValue`: only members whose user’s name or email contains it, case-insensitively. `total` counts every match, whatever `limit` and `offset`. ' +
    'Owners and admins also get each member’s `user.twoFactorEnabled` (whether the account has a second factor).',
  tags,
  auth: 'session',
  errors: [TWO_FACTOR_REQUIRED, E.NO_ACTIVE_ORGANIZATION, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: ORGANIZATIONS.ListOrganizationMembers },
  handler: ({ deps, query, auth }) => deps.list.execute({ actor: actorOf(auth), ...query }),
});

export const getActiveMember = endpoint({
  ...routes.getActiveMember,
  summary: 'The caller’s membership of the active organization',
  tags,
  auth: 'session',
  errors: [TWO_FACTOR_REQUIRED, E.NO_ACTIVE_ORGANIZATION, E.MEMBER_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  deps: { get: ORGANIZATIONS.GetActiveOrganizationMember },
  handler: ({ deps, auth }) => deps.get.execute({ actor: actorOf(auth) }),
});

export const updateMemberRole = endpoint({
  ...routes.updateMemberRole,
  summary: 'Change a member’s role',
  description: 'Needs member update permission; only an owner makes or changes an owner, and the organization keeps one owner.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'member', action: 'update' } },
  errors: [
    TWO_FACTOR_REQUIRED,
    E.NO_ACTIVE_ORGANIZATION,
    E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
    E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER,
    E.ROLE_NOT_FOUND,
    E.MEMBER_NOT_FOUND,
    E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  audit: auditSuccess<Member>((member) => ({
    action: 'organization.member.role.change',
    organizationId: member.organizationId,
    targetUserId: member.userId,
    detail: { memberId: member.id, role: member.role },
  })),
  deps: { update: ORGANIZATIONS.UpdateOrganizationMemberRole },
  async handler({ deps, body, auth }) {
    const { member } = await deps.update.execute({ actor: actorOf(auth), memberId: body.memberId, role: body.role, organizationId: body.organizationId });
    return member;
  },
});

export const removeMember = endpoint({
  ...routes.removeMember,
  summary: 'Remove a member, by member id or email',
  description: 'Needs member delete permission; only an owner removes an owner, and the last owner stays. The removed user’s sessions lose the organization as active.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'member', action: 'delete' } },
  errors: [
    TWO_FACTOR_REQUIRED,
    E.NO_ACTIVE_ORGANIZATION,
    E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
    E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER,
    E.MEMBER_NOT_FOUND,
    E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  audit: auditSuccess<{ member: Member }>(({ member }) => ({
    action: 'organization.member.remove',
    organizationId: member.organizationId,
    targetUserId: member.userId,
    detail: { memberId: member.id, role: member.role },
  })),
  deps: { remove: ORGANIZATIONS.RemoveOrganizationMember, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const removed = await deps.remove.execute({ actor: actorOf(auth), memberIdOrEmail: body.memberIdOrEmail, organizationId: body.organizationId });
    keepActiveOrganization(deps.http, { auth, req, res }, removed.activeOrganizationId);
    return { member: removed.member };
  },
});

export const leaveOrganization = endpoint({
  ...routes.leaveOrganization,
  summary: 'Leave an organization',
  description: 'The only owner cannot leave. The caller’s sessions lose the organization as active.',
  tags,
  auth: 'session',
  errors: [E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, E.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER, E.MEMBER_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  audit: auditSuccess<Member>((member) => ({
    action: 'organization.member.leave',
    organizationId: member.organizationId,
    targetUserId: member.userId,
    detail: { memberId: member.id, role: member.role },
  })),
  deps: { leave: ORGANIZATIONS.LeaveOrganization, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const left = await deps.leave.execute({ actor: actorOf(auth), organizationId: body.organizationId });
    keepActiveOrganization(deps.http, { auth, req, res }, left.activeOrganizationId);
    return left.member;
  },
});

export const hasOrganizationPermission = endpoint({
  ...routes.hasOrganizationPermission,
  summary: 'Whether the caller’s role in the organization grants every requested action',
  description: '`permissions` (or `permission`) maps resources (organization, member, invitation, team, ac) to actions; neither is a 400. A runtime role grants what it lists, as stored now. The organization defaults to the active one.',
  tags,
  auth: 'session',
  errors: [TWO_FACTOR_REQUIRED, E.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED, E.NO_ACTIVE_ORGANIZATION, E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { check: ORGANIZATIONS.CheckOrganizationPermission },
  handler: ({ deps, body, auth }) => deps.check.execute({ actor: actorOf(auth), permissions: body.permissions ?? body.permission, organizationId: body.organizationId }),
});
