import { routes } from '@tend/contracts';
import { presentUser } from '@tend/identity';
import { raise } from '@tend/kernel';
import { MULTI_SESSION_ERRORS } from '@tend/multi-session';
import { SESSION_ERRORS } from '@tend/sessions';
import { clientInfo } from '../../http/client.js';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { MULTI_SESSION } from './tokens.js';

const tags = ['Multi-session'];

export const listDeviceSessions = endpoint({
  ...routes.listDeviceSessions,
  summary: 'The accounts signed in on this browser',
  description: "One entry per live account the browser holds (its `_multi-` cookies), newest sign-in first; `session.token` is this browser's token. No accounts: `[]`.",
  tags,
  auth: 'public',
  deps: { browser: MULTI_SESSION.Browser, config: PLATFORM.Config },
  async handler({ deps, req, res }) {
    return (await deps.browser.list(req, res)).map(({ session, user }) => ({ session, user: presentUser(user, deps.config.userFields) }));
  },
});

export const setActiveSession = endpoint({
  ...routes.setActiveSession,
  summary: 'Make another account of this browser the active one',
  description: 'Sets the session cookie to a live session the browser holds. A token it does not hold (another browser’s, unknown, ended) is 401 and changes nothing.',
  tags,
  auth: 'public',
  errors: [MULTI_SESSION_ERRORS.INVALID_SESSION_TOKEN],
  deps: { browser: MULTI_SESSION.Browser, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const auth = await deps.browser.setActive(req, res, body.sessionToken);
    if (!auth) throw raise(MULTI_SESSION_ERRORS.INVALID_SESSION_TOKEN);
    return { session: auth.session, user: presentUser(auth.user, deps.config.userFields) };
  },
});

export const revokeDeviceSession = endpoint({
  ...routes.revokeDeviceSession,
  summary: 'Sign one account of this browser out',
  description: 'Ends a session the browser holds and expires its `_multi-` cookie; when it was the active one, another held account becomes active (the answer sets its session cookie).',
  tags,
  auth: 'public',
  errors: [MULTI_SESSION_ERRORS.INVALID_SESSION_TOKEN],
  deps: { browser: MULTI_SESSION.Browser, sink: PLATFORM.AuditSink },
  async handler({ deps, body, req, res }) {
    const revoked = await deps.browser.revoke(req, res, body.sessionToken);
    if (!revoked) throw raise(MULTI_SESSION_ERRORS.INVALID_SESSION_TOKEN);
    // The account whose session ended hears of it in its recent activity.
    const { ipAddress, userAgent } = clientInfo(req);
    deps.sink?.record({ action: 'session.revoke', actorId: revoked.user.id, targetUserId: revoked.user.id, detail: { via: 'multi-session' }, ipAddress, userAgent });
    return { status: true };
  },
});

export const accountActivity = endpoint({
  ...routes.accountActivity,
  summary: "The caller's recent security activity",
  description: 'Sign-ins, failed password attempts, password changes, ended sessions, second-factor and passkey changes of the caller’s own account, newest first, from the audit log.',
  tags: ['Account'],
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { activity: MULTI_SESSION.Activity },
  async handler({ deps, auth, query }) {
    return deps.activity.execute(auth.user.id, { limit: query.limit, offset: query.offset });
  },
});
