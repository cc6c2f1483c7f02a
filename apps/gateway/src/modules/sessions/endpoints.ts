import { routes } from '@tend/contracts';
import { presentUser } from '@tend/identity';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';

const tags = ['Sessions'];

export const getSession = endpoint({
  ...routes.getSession,
  summary: 'The current session and its user',
  description: 'Answers `null` without a live session. Refreshes a session older than the update age (and its cookie). With a session, the `set-auth-jwt` header carries a JWT of the user (as `GET /token`), named in `Access-Control-Expose-Headers`.',
  tags,
  auth: 'public',
  // With an API key instead of a cookie, the key is checked (and a use spent) to find the caller.
  readsCaller: true,
  deps: { http: PLATFORM.SessionHttp, config: PLATFORM.Config, headers: PLATFORM.SessionReplyHeaders, fallbacks: PLATFORM.SessionFallbacks },
  async handler({ deps, query, req, res }) {
    let auth = await deps.http.resolve(req, res, query);
    // The request's session ended elsewhere: another live session the browser holds answers (multi-session).
    for (const fallback of deps.fallbacks) auth ??= await fallback(req, res);
    if (!auth) return null;
    if (deps.headers.length > 0) {
      const headers = Object.assign({}, ...(await Promise.all(deps.headers.map((header) => header(auth))))) as Record<string, string>;
      res.set(headers);
      // Browsers let cross-origin callers read only the headers named here (better-auth's set-auth-jwt).
      res.set('Access-Control-Expose-Headers', Object.keys(headers).join(', '));
    }
    return { session: auth.session, user: presentUser(auth.user, deps.config.userFields) };
  },
});

export const listSessions = endpoint({
  ...routes.listSessions,
  summary: "The signed-in user's live sessions",
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { sessions: PLATFORM.SessionManager },
  async handler({ deps, auth }) {
    // Impersonation sessions are the admin's, not the user's: hidden from the list.
    return (await deps.sessions.list(auth.user.id)).filter((session) => !session.impersonatedBy);
  },
});

export const revokeSession = endpoint({
  ...routes.revokeSession,
  summary: "Revoke one of the signed-in user's sessions",
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED, SESSION_ERRORS.SESSION_NOT_FOUND],
  // Ended sessions join the account's recent activity (GET /account-activity).
  audit: (outcome, { auth }) => (outcome.ok && auth ? { action: 'session.revoke', actorId: auth.user.id, targetUserId: auth.user.id } : null),
  deps: { sessions: PLATFORM.SessionManager, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    await deps.sessions.revoke(auth.user.id, body.token);
    if (body.token === auth.session.token) deps.http.end(req, res);
    return { status: true };
  },
});

export const revokeSessions = endpoint({
  ...routes.revokeSessions,
  summary: "Revoke all of the signed-in user's sessions",
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  audit: (outcome, { auth }) => (outcome.ok && auth ? { action: 'sessions.revoke-all', actorId: auth.user.id, targetUserId: auth.user.id } : null),
  deps: { sessions: PLATFORM.SessionManager, http: PLATFORM.SessionHttp },
  async handler({ deps, auth, req, res }) {
    await deps.sessions.revokeAll(auth.user.id);
    deps.http.end(req, res);
    return { status: true };
  },
});

export const revokeOtherSessions = endpoint({
  ...routes.revokeOtherSessions,
  summary: 'Revoke every session but the current one',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  audit: (outcome, { auth }) => (outcome.ok && auth ? { action: 'sessions.revoke-others', actorId: auth.user.id, targetUserId: auth.user.id } : null),
  deps: { sessions: PLATFORM.SessionManager },
  async handler({ deps, auth }) {
    await deps.sessions.revokeOthers(auth.user.id, auth.session.token);
    return { status: true };
  },
});

export const signOut = endpoint({
  ...routes.signOut,
  summary: 'Sign out: delete the session and clear its cookies',
  tags,
  auth: 'public',
  // A public route: the signer-out is named once mount hands public routes the session it read.
  audit: (outcome, { auth }) => (outcome.ok ? { action: 'sign-out', actorId: auth?.user.id ?? null, targetUserId: auth?.user.id ?? null } : null),
  deps: { sessions: PLATFORM.SessionManager, http: PLATFORM.SessionHttp, signOuts: PLATFORM.SignOutHandlers },
  async handler({ deps, req, res }) {
    const source = deps.http.tokenOf(req);
    if (source) {
      // Who signs out, for the audit log (the stored session, not the cookie cache).
      res.locals.auth = await deps.sessions.resolve(source.token, { disableRefresh: true });
      await deps.sessions.delete(source.token);
    }
    for (const signOut of deps.signOuts) await signOut(req, res);
    deps.http.end(req, res);
    return { success: true };
  },
});
