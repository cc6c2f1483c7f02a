import { raise, type Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { Session } from '@tend/sessions';
import type { UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { newAuditEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import type { AdminSessions } from '../sessions.port.js';

export interface StopImpersonatingInput {
  /** The caller: the impersonation session. */
  actor: Actor;
  /** The admin's own session token, kept by the gateway in a signed cookie; null when it is gone. */
  adminSessionToken: string | null | undefined;
}

/**
 * POST /admin/stop-impersonating: no admin permission needed, the session must be an
 * impersonation (400 You are not impersonating anyone). Deletes the impersonation session and
 * answers the admin's own session and user, for the gateway to restore.
 */
export class StopImpersonating {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: AdminSessions,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(input: StopImpersonatingInput): Promise<{ session: Session; user: User }> {
    const { actor } = input;
    if (!actor.impersonatedBy) throw raise(ADMIN_ERRORS.YOU_ARE_NOT_IMPERSONATING_ANYONE);
    const admin = await this.users.findById(actor.impersonatedBy);
    if (!admin) throw raise(ADMIN_ERRORS.FAILED_TO_FIND_USER);
    const kept = input.adminSessionToken ? await this.sessions.resolve(input.adminSessionToken, { disableRefresh: true }) : null;
    // The kept token must still be a live session of the admin who started this impersonation.
    if (!kept || kept.session.userId !== admin.id) throw raise(ADMIN_ERRORS.FAILED_TO_FIND_ADMIN_SESSION);

    await this.sessions.delete(actor.sessionToken);
    await this.audit.record(
      newAuditEvent({ action: 'impersonation.stop', actorId: admin.id, targetUserId: actor.userId, ipAddress: actor.ipAddress, userAgent: actor.userAgent }, this.clock.now()),
    );
    return { session: kept.session, user: kept.user };
  }
}
