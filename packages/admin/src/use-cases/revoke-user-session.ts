import type { Clock } from '@tend/kernel';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminSessions } from '../sessions.port.js';

/** POST /admin/revoke-user-session: needs session revoke. Deletes one session by token; an unknown token is not an error. */
export class RevokeUserSession {
  private readonly config: AdminConfig;

  constructor(
    private readonly sessions: AdminSessions,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; sessionToken: string }): Promise<{ success: true }> {
    authorizeAdmin(input.actor, 'revoke-user-session', this.config);
    // Looked up only to name the owner in the audit log (never the token itself).
    const found = await this.sessions.resolve(input.sessionToken, { disableRefresh: true });
    await this.sessions.delete(input.sessionToken);
    if (found) {
      await this.audit.record(actorEvent(input.actor, { action: 'session.revoke', targetUserId: found.user.id, detail: { sessionId: found.session.id } }, this.clock.now()));
    }
    return { success: true };
  }
}
