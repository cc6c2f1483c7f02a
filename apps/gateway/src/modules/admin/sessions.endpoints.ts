import * as api from '@tend/contracts';
import { ADMIN_ERRORS, actorOf } from '@tend/admin';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { SESSION_ERRORS } from '@tend/sessions';
import { clientInfo } from '../../http/client.js';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { adminAuth, deniedOf } from './guard.js';
import { ADMIN } from './tokens.js';

const tags = ['Admin'];

export const listUserSessions = endpoint({
  method: 'post',
  path: '/admin/list-user-sessions',
  summary: "A user's live sessions, impersonation sessions included",
  tags,
  auth: adminAuth('list-user-sessions'),
  body: api.listUserSessionsBody,
  response: api.listUserSessionsResponse,
  errors: [deniedOf('list-user-sessions')],
  deps: { listUserSessions: ADMIN.ListUserSessions },
  handler: ({ deps, body, auth, req }) => deps.listUserSessions.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId }),
});

export const revokeUserSession = endpoint({
  method: 'post',
  path: '/admin/revoke-user-session',
  summary: 'End one session of any user, by its token',
  tags,
  auth: adminAuth('revoke-user-session'),
  body: api.revokeUserSessionBody,
  response: api.success,
  errors: [deniedOf('revoke-user-session')],
  deps: { revokeUserSession: ADMIN.RevokeUserSession },
  handler: ({ deps, body, auth, req }) => deps.revokeUserSession.execute({ actor: actorOf(auth, clientInfo(req)), sessionToken: body.sessionToken }),
});

export const revokeUserSessions = endpoint({
  method: 'post',
  path: '/admin/revoke-user-sessions',
  summary: 'End every session of a user',
  tags,
  auth: adminAuth('revoke-user-sessions'),
  body: api.revokeUserSessionsBody,
  response: api.success,
  errors: [deniedOf('revoke-user-sessions')],
  deps: { revokeUserSessions: ADMIN.RevokeUserSessions },
  handler: ({ deps, body, auth, req }) => deps.revokeUserSessions.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId }),
});

export const impersonateUser = endpoint({
  method: 'post',
  path: '/admin/impersonate-user',
  summary: 'Act as another user for up to an hour',
  description:
    "Creates a session of the user (impersonatedBy set) and makes it the session cookie; the admin's own session is kept in a separate signed cookie until stop-impersonating. Admins cannot be impersonated.",
  tags,
  auth: adminAuth('impersonate-user'),
  body: api.impersonateUserBody,
  response: api.impersonationResponse,
  errors: [deniedOf('impersonate-user'), ADMIN_ERRORS.USER_NOT_FOUND, ADMIN_ERRORS.YOU_CANNOT_IMPERSONATE_ADMINS, IDENTITY_ERRORS.BANNED_USER, SESSION_ERRORS.FAILED_TO_CREATE_SESSION],
  deps: { impersonateUser: ADMIN.ImpersonateUser, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, body, auth, req, res }) {
    const target = await deps.impersonateUser.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId });
    deps.http.startImpersonation(req, res, target, auth.session);
    return { session: target.session, user: presentUser(target.user, deps.config.userFields) };
  },
});

export const stopImpersonating = endpoint({
  method: 'post',
  path: '/admin/stop-impersonating',
  summary: "End an impersonation and return to the admin's own session",
  tags,
  auth: 'session',
  response: api.impersonationResponse,
  errors: [ADMIN_ERRORS.YOU_ARE_NOT_IMPERSONATING_ANYONE, ADMIN_ERRORS.FAILED_TO_FIND_USER, ADMIN_ERRORS.FAILED_TO_FIND_ADMIN_SESSION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { stopImpersonating: ADMIN.StopImpersonating, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, auth, req, res }) {
    const kept = deps.http.adminSessionOf(req);
    const admin = await deps.stopImpersonating.execute({ actor: actorOf(auth, clientInfo(req)), adminSessionToken: kept?.token });
    deps.http.endImpersonation(req, res, admin, kept?.rememberMe ?? true);
    return { session: admin.session, user: presentUser(admin.user, deps.config.userFields) };
  },
});

export const hasPermission = endpoint({
  method: 'post',
  path: '/admin/has-permission',
  summary: 'Whether the caller holds some admin permissions',
  description: '`permissions` (or the older `permission`) maps resources to actions: `{ "user": ["ban"] }`. Answers `{ error: null, success }`.',
  tags,
  auth: 'session',
  body: api.hasPermissionBody,
  response: api.hasPermissionResponse,
  errors: [ADMIN_ERRORS.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED, SESSION_ERRORS.UNAUTHORIZED],
  deps: { hasPermission: ADMIN.HasPermission },
  handler: ({ deps, body, auth, req }) => deps.hasPermission.execute({ ...body, actor: actorOf(auth, clientInfo(req)) }),
});

export const auditLog = endpoint({
  method: 'get',
  path: '/admin/audit-log',
  summary: 'The audit log, newest first',
  description: 'Filter by a user (actor or target) and by an action or a family (`organization.member.*`); pages of at most 100.',
  tags,
  auth: adminAuth('audit-log'),
  query: api.auditLogQuery,
  response: api.auditLogResponse,
  errors: [deniedOf('audit-log')],
  deps: { listAuditEvents: ADMIN.ListAuditEvents },
  handler: ({ deps, query, auth, req }) => deps.listAuditEvents.execute({ actor: actorOf(auth, clientInfo(req)), ...query }),
});
