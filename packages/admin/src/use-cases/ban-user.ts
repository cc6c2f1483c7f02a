import { addSeconds, GENERAL_ERRORS, raise, type Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminSessions } from '../sessions.port.js';
import { requireUser } from './require-user.js';

export interface BanUserInput {
  actor: Actor;
  userId: string;
  /** Default: the configured reason ('No reason'). */
  banReason?: string | null;
  /** Seconds until the ban ends; default: the configured length, or until unbanned. */
  banExpiresIn?: number | null;
}

/**
 * POST /admin/ban-user: needs user ban. Marks the user banned (reason, optional expiry) and
 * deletes all of their sessions in one statement. Banning yourself is 400.
 */
export class BanUser {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: AdminSessions,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: BanUserInput): Promise<{ user: User }> {
    authorizeAdmin(input.actor, 'ban-user', this.config);
    const expiresIn = input.banExpiresIn ?? this.config.defaultBanExpiresIn;
    if (expiresIn !== null && !(Number.isFinite(expiresIn) && expiresIn > 0)) throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
    const target = await requireUser(this.users, input.userId);
    if (target.id === input.actor.userId) throw raise(ADMIN_ERRORS.YOU_CANNOT_BAN_YOURSELF);

    const now = this.clock.now();
    const banReason = input.banReason || this.config.defaultBanReason;
    const banExpires = expiresIn === null ? null : addSeconds(now, expiresIn);
    // Banned first, then signed out: a sign-in racing with this sees the ban or loses its session.
    const user = await this.users.update(target.id, { banned: true, banReason, banExpires, updatedAt: now });
    await this.sessions.revokeAll(target.id);
    await this.audit.record(actorEvent(input.actor, { action: 'user.ban', targetUserId: target.id, detail: { reason: banReason, expiresAt: banExpires } }, now));
    return { user };
  }
}
