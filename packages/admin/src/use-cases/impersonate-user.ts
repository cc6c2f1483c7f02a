import { raise, type Clock, type Session, type User } from '@tend/kernel';
import { assertNotBanned, type UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { authorizeAdmin, parseRoles } from '../permissions.js';
import type { AdminSessions } from '../sessions.port.js';
import { requireUser } from './require-user.js';

/** Whether `user` is an administrator: one of its roles is an admin role, or its id is in the admin list. */
export function isAdministrator(user: Pick<User, 'id' | 'role'>, config: Pick<AdminConfig, 'adminRoles' | 'adminUserIds' | 'defaultRole'>): boolean {
  return config.adminUserIds.includes(user.id) || parseRoles(user.role || config.defaultRole).some((role) => config.adminRoles.includes(role));
}

/**
 * POST /admin/impersonate-user: needs user impersonate. Creates a session of the target with
 * impersonatedBy = the admin, lasting `impersonationSessionDuration` (3600 s). Another admin
 * can be impersonated only when allowed (403 You cannot impersonate admins); a banned target is
 * refused as at any session creation (403 BANNED_USER). The gateway keeps the admin's own
 * session token aside (signed cookie) for stop-impersonating.
 */
export class ImpersonateUser {
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

  async execute(input: { actor: Actor; userId: string }): Promise<{ session: Session; user: User }> {
    const { actor } = input;
    authorizeAdmin(actor, 'impersonate-user', this.config);
    const found = await requireUser(this.users, input.userId);
    if (isAdministrator(found, this.config) && !this.config.allowImpersonatingAdmins) throw raise(ADMIN_ERRORS.YOU_CANNOT_IMPERSONATE_ADMINS);
    const user = await assertNotBanned(found, this.users, this.clock);
    const session = await this.sessions.create({
      userId: user.id,
      impersonatedBy: actor.userId,
      expiresIn: this.config.impersonationSessionDuration,
      rememberMe: false,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
    });
    await this.audit.record(actorEvent(actor, { action: 'impersonation.start', targetUserId: user.id, detail: { sessionId: session.id, expiresAt: session.expiresAt } }, this.clock.now()));
    return { session, user };
  }
}
