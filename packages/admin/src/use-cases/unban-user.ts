import type { Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import { requireUser } from './require-user.js';

/** POST /admin/unban-user: needs user ban. Clears banned, banReason and banExpires. */
export class UnbanUser {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; userId: string }): Promise<{ user: User }> {
    authorizeAdmin(input.actor, 'unban-user', this.config);
    const target = await requireUser(this.users, input.userId);
    const now = this.clock.now();
    const user = await this.users.update(target.id, { banned: false, banReason: null, banExpires: null, updatedAt: now });
    await this.audit.record(actorEvent(input.actor, { action: 'user.unban', targetUserId: target.id, detail: { wasBanned: target.banned } }, now));
    return { user };
  }
}
