import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, normalizeEmail } from '@tend/identity';
import { ORGANIZATION_ERRORS as E, REJECT_INVITATION_ERRORS, type Invitation, type Member, TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { actorOf, auditSuccess, keepActiveOrganization } from './caller.js';
import { ORGANIZATIONS } from './tokens.js';

/** Refused to a member without a second factor while the organization requires one (issue 32). */
const { TWO_FACTOR_REQUIRED } = TWO_FACTOR_POLICY_ERRORS;

const tags = ['Organization invitations'];

const invitationAudit = (action: 'organization.invitation.create' | 'organization.invitation.cancel' | 'organization.invitation.reject') =>
  auditSuccess<Invitation>((invitation) => ({ action, organizationId: invitation.organizationId, detail: { invitationId: invitation.id, role: invitation.role } }));

export const inviteMember = endpoint({
  ...routes.inviteMember,
  summary: 'Invite an address to an organization, by mail',
  description:
    'Needs invitation create permission; only an owner invites an owner. The mail links to the web app’s invitation page. ' +
    'An address with a pending invitation is refused unless `resend` (which mails again and extends the expiry).',
  tags,
  auth: { permission: { scope: 'organization', resource: 'invitation', action: 'create' } },
  errors: [
    TWO_FACTOR_REQUIRED,
    IDENTITY_ERRORS.INVALID_EMAIL,
    E.NO_ACTIVE_ORGANIZATION,
    E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
    E.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION,
    E.ROLE_NOT_FOUND,
    E.YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE,
    E.TEAM_NOT_FOUND,
    E.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
    E.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION,
    E.ORGANIZATION_NOT_FOUND,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  audit: invitationAudit('organization.invitation.create'),
  deps: { invite: ORGANIZATIONS.InviteOrganizationMember },
  async handler({ deps, body, auth }) {
    const { role, organizationId, teamId, resend } = body;
    const { invitation } = await deps.invite.execute({ actor: actorOf(auth), email: normalizeEmail(body.email), role, organizationId, teamId, resend });
    return invitation;
  },
});

export const acceptInvitation = endpoint({
  ...routes.acceptInvitation,
  summary: 'Accept an invitation addressed to the caller’s email',
  description: 'The caller joins with the invitation’s role and team, and the organization becomes the session’s active one.',
  tags,
  auth: 'session',
  errors: [
    E.INVITATION_NOT_FOUND,
    E.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION,
    E.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED,
    E.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  audit: auditSuccess<{ invitation: Invitation; member: Member }>(({ invitation, member }) => ({
    action: 'organization.member.add',
    organizationId: member.organizationId,
    targetUserId: member.userId,
    detail: { memberId: member.id, role: member.role, invitationId: invitation.id },
  })),
  deps: { accept: ORGANIZATIONS.AcceptOrganizationInvitation, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const { invitation, member, activeOrganizationId } = await deps.accept.execute({ actor: actorOf(auth), invitationId: body.invitationId });
    keepActiveOrganization(deps.http, { auth, req, res }, activeOrganizationId);
    return { invitation, member };
  },
});

export const rejectInvitation = endpoint({
  ...routes.rejectInvitation,
  summary: 'Decline an invitation addressed to the caller’s email',
  tags,
  auth: 'session',
  errors: [REJECT_INVITATION_ERRORS.INVITATION_NOT_FOUND, E.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION, SESSION_ERRORS.UNAUTHORIZED],
  audit: auditSuccess<{ invitation: Invitation }>(({ invitation }) => ({
    action: 'organization.invitation.reject',
    organizationId: invitation.organizationId,
    detail: { invitationId: invitation.id },
  })),
  deps: { reject: ORGANIZATIONS.RejectOrganizationInvitation },
  handler: ({ deps, body, auth }) => deps.reject.execute({ actor: actorOf(auth), invitationId: body.invitationId }),
});

export const cancelInvitation = endpoint({
  ...routes.cancelInvitation,
  summary: 'Cancel a pending invitation',
  description: 'Needs invitation cancel permission in the invitation’s organization.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'invitation', action: 'cancel' } },
  errors: [TWO_FACTOR_REQUIRED, E.INVITATION_NOT_FOUND, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, E.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION, SESSION_ERRORS.UNAUTHORIZED],
  audit: invitationAudit('organization.invitation.cancel'),
  deps: { cancel: ORGANIZATIONS.CancelOrganizationInvitation },
  handler: ({ deps, body, auth }) => deps.cancel.execute({ actor: actorOf(auth), invitationId: body.invitationId }),
});

export const getInvitation = endpoint({
  ...routes.getInvitation,
  summary: 'A pending invitation addressed to the caller, with its organization’s name and slug and the inviter’s email',
  tags,
  auth: 'session',
  errors: [
    E.INVITATION_NOT_FOUND,
    E.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION,
    E.ORGANIZATION_NOT_FOUND,
    E.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  deps: { get: ORGANIZATIONS.GetOrganizationInvitation },
  handler: ({ deps, query, auth }) => deps.get.execute({ actor: actorOf(auth), invitationId: query.id }),
});

export const listInvitations = endpoint({
  ...routes.listInvitations,
  summary: 'Every invitation of an organization, newest first',
  description: 'For members of the organization (default the active one).',
  tags,
  auth: 'session',
  errors: [TWO_FACTOR_REQUIRED, E.ORGANIZATION_ID_IS_REQUIRED, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: ORGANIZATIONS.ListOrganizationInvitations },
  handler: ({ deps, query, auth }) => deps.list.execute({ actor: actorOf(auth), organizationId: query.organizationId }),
});

export const listUserInvitations = endpoint({
  ...routes.listUserInvitations,
  summary: 'The pending invitations addressed to the caller’s email, with their organizations',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: ORGANIZATIONS.ListUserOrganizationInvitations },
  handler: ({ deps, auth }) => deps.list.execute({ actor: actorOf(auth) }),
});
