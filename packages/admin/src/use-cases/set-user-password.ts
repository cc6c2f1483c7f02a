import { uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount } from '@tend/identity';
import { checkPassword, type AccountRepository, type PasswordHasher, type UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminSessions } from '../sessions.port.js';
import { requireUser } from './require-user.js';

/**
 * POST /admin/set-user-password: needs user set-password. Applies the password policy (length,
 * and the common-password list when the policy has one), stores the new hash on the credential account (creating it when
 * the user has none) and signs the user out everywhere.
 */
export class SetUserPassword {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: AdminSessions,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
    private readonly newId: IdGenerator = uuid,
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; userId: string; newPassword: string }): Promise<{ status: true }> {
    authorizeAdmin(input.actor, 'set-user-password', this.config);
    checkPassword(input.newPassword, this.config.passwordPolicy);
    const user = await requireUser(this.users, input.userId);
    const hash = await this.hasher.hash(input.newPassword);
    const now = this.clock.now();
    await this.storeHash(user.id, hash, now);
    await this.sessions.revokeAll(user.id);
    await this.audit.record(actorEvent(input.actor, { action: 'user.password.set', targetUserId: user.id }, now));
    return { status: true };
  }

  private async storeHash(userId: string, hash: string, now: Date): Promise<void> {
    const existing = await this.accounts.findCredential(userId);
    if (existing) {
      await this.accounts.update(existing.id, { password: hash, updatedAt: now });
      return;
    }
    try {
      await this.accounts.create(newAccount({ id: this.newId(), accountId: userId, providerId: CREDENTIAL_PROVIDER, userId, password: hash }, now));
    } catch (error) {
      // A parallel call created the account first (unique provider + account id): update it instead.
      const created = await this.accounts.findCredential(userId);
      if (!created) throw error;
      await this.accounts.update(created.id, { password: hash, updatedAt: now });
    }
  }
}
