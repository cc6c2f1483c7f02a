import type { User } from '@tend/identity';
import type { Session } from '@tend/sessions';

/**
 * The caller of an admin use case, taken from its resolved session. Every use case checks
 * the actor's permission itself, so it is safe without the gateway's guard.
 */
export interface Actor {
  userId: string;
  /** The caller's role string (may be comma-separated). */
  role: string | null;
  /** The token of the session the call came with. */
  sessionToken: string;
  /** The admin behind an impersonation session, or null. */
  impersonatedBy: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** The actor of a resolved session; `client` adds the request's address and user agent for the audit log. */
export function actorOf(resolved: { session: Session; user: User }, client: { ipAddress?: string | null; userAgent?: string | null } = {}): Actor {
  return {
    userId: resolved.user.id,
    role: resolved.user.role,
    sessionToken: resolved.session.token,
    impersonatedBy: resolved.session.impersonatedBy,
    ipAddress: client.ipAddress ?? null,
    userAgent: client.userAgent ?? null,
  };
}
