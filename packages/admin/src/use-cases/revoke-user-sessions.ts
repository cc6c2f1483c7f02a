import type { Clock } from '@tend/kernel';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminSessions } from '../sessions.port.js';

/** POST /admin/revoke-user-sessions: needs session revoke. Deletes every session of the user. */
export class RevokeUserSessions {
  private readonly config: AdminConfig;

  constructor(
    private readonly sessions: AdminSessions,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; userId: string }): Promise<{ success: true }> {
    authorizeAdmin(input.actor, 'revoke-user-sessions', this.config);
    await this.sessions.revokeAll(input.userId);
    await this.audit.record(actorEvent(input.actor, { action: 'session.revoke', targetUserId: input.userId, detail: { all: true } }, this.clock.now()));
    return { success: true };
  }
}
