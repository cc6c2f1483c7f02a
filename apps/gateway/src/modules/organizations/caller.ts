import type { Request, Response } from 'express';
import type { Actor } from '@tend/organizations';
import type { AuditEntry, AuditOutcome } from '../../http/endpoint.js';
import type { Auth, SessionHttp } from '../../http/session.js';

/** The caller as the use cases see it: the signed-in user and the session the request came with. */
export function actorOf(auth: Auth): Actor {
  return { userId: auth.user.id, email: auth.user.email, sessionToken: auth.session.token, activeOrganizationId: auth.session.activeOrganizationId };
}

/**
 * After a use case changed the session's active organization, the cookie cache (when on) is
 * written again, so the next request does not read the old one from the cookie.
 */
export function keepActiveOrganization(http: SessionHttp, call: { auth: Auth; req: Request; res: Response }, activeOrganizationId: string | null): void {
  if (call.auth.session.activeOrganizationId === activeOrganizationId) return;
  http.refreshCache(call.req, call.res, { session: { ...call.auth.session, activeOrganizationId }, user: call.auth.user });
}

/**
 * An audit hook recording successful calls only: `entry` reads the reply (as the handler
 * answered it) and the caller; refused calls are not membership changes.
 */
export function auditSuccess<R>(entry: (reply: R, actorId: string | null) => AuditEntry): (outcome: AuditOutcome, call: { auth: Auth | null }) => AuditEntry | null {
  return (outcome, call) => {
    if (!outcome.ok) return null;
    const actorId = call.auth?.user.id ?? null;
    return { actorId, ...entry(outcome.result as R, actorId) };
  };
}
