import { raise, type Clock } from '@tend/kernel';
import type { UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminUserDirectory } from '../user-directory.port.js';

/**
 * POST /admin/remove-user: needs user delete. Deletes the user with sessions, accounts and
 * memberships. Of two removals of one user exactly one succeeds; the other, like any removal
 * of an unknown user, is 404 User not found. Removing yourself is 400.
 */
export class RemoveUser {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly directory: AdminUserDirectory,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; userId: string }): Promise<{ success: true }> {
    authorizeAdmin(input.actor, 'remove-user', this.config);
    if (input.userId === input.actor.userId) throw raise(ADMIN_ERRORS.YOU_CANNOT_REMOVE_YOURSELF);
    // Read first only to keep the email in the audit log; the delete decides who wins.
    const user = await this.users.findById(input.userId);
    if (!user || !(await this.directory.remove(input.userId))) throw raise(ADMIN_ERRORS.USER_NOT_FOUND);
    await this.audit.record(actorEvent(input.actor, { action: 'user.remove', targetUserId: user.id, detail: { email: user.email } }, this.clock.now()));
    return { success: true };
  }
}
