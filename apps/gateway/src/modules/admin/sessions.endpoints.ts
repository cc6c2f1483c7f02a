import { routes } from '@tend/contracts';
import { ADMIN_ERRORS, actorOf } from '@tend/admin';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { SESSION_ERRORS } from '@tend/sessions';
import { clientInfo } from '../../http/client.js';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { adminAuth, deniedOf } from './guard.js';
import { ADMIN_SESSION_COOKIE, keepAdminSession, keptAdminSession } from './impersonation.js';
import { ADMIN } from './tokens.js';

const tags = ['Admin'];

export const listUserSessions = endpoint({
  ...routes.listUserSessions,
  summary: "A user's live sessions, impersonation sessions included",
  tags,
  auth: adminAuth('list-user-sessions'),
  errors: [deniedOf('list-user-sessions')],
  deps: { listUserSessions: ADMIN.ListUserSessions },
  handler: ({ deps, body, auth, req }) => deps.listUserSessions.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId }),
});

export const revokeUserSession = endpoint({
  ...routes.revokeUserSession,
  summary: 'End one session of any user, by its token',
  tags,
  auth: adminAuth('revoke-user-session'),
  errors: [deniedOf('revoke-user-session')],
  deps: { revokeUserSession: ADMIN.RevokeUserSession },
  handler: ({ deps, body, auth, req }) => deps.revokeUserSession.execute({ actor: actorOf(auth, clientInfo(req)), sessionToken: body.sessionToken }),
});

export const revokeUserSessions = endpoint({
  ...routes.revokeUserSessions,
  summary: 'End every session of a user',
  tags,
  auth: adminAuth('revoke-user-sessions'),
  errors: [deniedOf('revoke-user-sessions')],
  deps: { revokeUserSessions: ADMIN.RevokeUserSessions },
  handler: ({ deps, body, auth, req }) => deps.revokeUserSessions.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId }),
});

export const impersonateUser = endpoint({
  ...routes.impersonateUser,
  summary: 'Act as another user for up to an hour',
  description:
    "Creates a session of the user (impersonatedBy set) and makes it the session cookie; the admin's own session is kept in a separate signed cookie until stop-impersonating. Admins cannot be impersonated.",
  tags,
  auth: adminAuth('impersonate-user'),
  errors: [deniedOf('impersonate-user'), ADMIN_ERRORS.USER_NOT_FOUND, ADMIN_ERRORS.YOU_CANNOT_IMPERSONATE_ADMINS, IDENTITY_ERRORS.BANNED_USER, SESSION_ERRORS.FAILED_TO_CREATE_SESSION],
  deps: { impersonateUser: ADMIN.ImpersonateUser, http: PLATFORM.SessionHttp, cookies: PLATFORM.Cookies, signIns: PLATFORM.SignInHttp, clock: PLATFORM.Clock, config: PLATFORM.Config },
  async handler({ deps, body, auth, req, res }) {
    const signIn = await deps.impersonateUser.execute({ actor: actorOf(auth, clientInfo(req)), userId: body.userId });
    keepAdminSession(deps.cookies, req, res, auth.session, !deps.http.tokenOf(req)?.dontRemember, deps.clock);
    return deps.signIns.json(req, res, signIn, ({ session, user }) => ({ session, user: presentUser(user, deps.config.userFields) }));
  },
});

export const stopImpersonating = endpoint({
  ...routes.stopImpersonating,
  summary: "End an impersonation and return to the admin's own session",
  tags,
  auth: 'session',
  errors: [ADMIN_ERRORS.YOU_ARE_NOT_IMPERSONATING_ANYONE, ADMIN_ERRORS.FAILED_TO_FIND_USER, ADMIN_ERRORS.FAILED_TO_FIND_ADMIN_SESSION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { stopImpersonating: ADMIN.StopImpersonating, signIns: PLATFORM.SignInHttp, cookies: PLATFORM.Cookies, config: PLATFORM.Config },
  async handler({ deps, auth, req, res }) {
    const kept = keptAdminSession(deps.cookies, req);
    const admin = await deps.stopImpersonating.execute({ actor: actorOf(auth, clientInfo(req)), adminSessionToken: kept?.token });
    // The admin's own session, as it was: not a new sign-in.
    deps.signIns.restore(req, res, admin, kept?.rememberMe ?? true);
    deps.cookies.clear(req, res, ADMIN_SESSION_COOKIE);
    return { session: admin.session, user: presentUser(admin.user, deps.config.userFields) };
  },
});

export const hasPermission = endpoint({
  ...routes.hasPermission,
  summary: 'Whether the caller holds some admin permissions',
  description: '`permissions` (or the older `permission`) maps resources to actions: `{ "user": ["ban"] }`. Answers `{ error: null, success }`.',
  tags,
  auth: 'session',
  errors: [ADMIN_ERRORS.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED, SESSION_ERRORS.UNAUTHORIZED],
  deps: { hasPermission: ADMIN.HasPermission },
  handler: ({ deps, body, auth, req }) => deps.hasPermission.execute({ ...body, actor: actorOf(auth, clientInfo(req)) }),
});

export const auditLog = endpoint({
  ...routes.auditLog,
  summary: 'The audit log, newest first',
  description: 'Filter by a user (actor or target) and by an action or a family (`organization.member.*`); pages of at most 100.',
  tags,
  auth: adminAuth('audit-log'),
  errors: [deniedOf('audit-log')],
  deps: { listAuditEvents: ADMIN.ListAuditEvents, actions: PLATFORM.AuditActions },
  async handler({ deps, query, auth, req }) {
    const page = await deps.listAuditEvents.execute({ actor: actorOf(auth, clientInfo(req)), ...query });
    // Each event with the label its module declared (an undeclared action shows as written).
    return { ...page, events: page.events.map((event) => ({ ...event, label: deps.actions[event.action] ?? event.action })) };
  },
});
