import { raise, type Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { SessionOutcome, SignInCompletion, UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { authorizeAdmin, parseRoles } from '../permissions.js';
import { requireUser } from './require-user.js';

/** Whether `user` is an administrator: one of its roles is an admin role, or its id is in the admin list. */
export function isAdministrator(user: Pick<User, 'id' | 'role'>, config: Pick<AdminConfig, 'adminRoles' | 'adminUserIds' | 'defaultRole'>): boolean {
  return config.adminUserIds.includes(user.id) || parseRoles(user.role || config.defaultRole).some((role) => config.adminRoles.includes(role));
}

/**
 * POST /admin/impersonate-user: needs user impersonate. Creates a session of the target with
 * impersonatedBy = the admin, lasting `impersonationSessionDuration` (3600 s). Another admin
 * can be impersonated only when allowed (403 You cannot impersonate admins); a banned target is
 * refused as at any session creation (403 BANNED_USER): the session comes from the sign-in
 * completion, vouched for by the admin's own. The gateway keeps the admin's own session token
 * aside (signed cookie) for stop-impersonating.
 */
export class ImpersonateUser {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly signIns: Pick<SignInCompletion, 'vouch'>,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; userId: string }): Promise<SessionOutcome> {
    const { actor } = input;
    authorizeAdmin(actor, 'impersonate-user', this.config);
    const found = await requireUser(this.users, input.userId);
    if (isAdministrator(found, this.config) && !this.config.allowImpersonatingAdmins) throw raise(ADMIN_ERRORS.YOU_CANNOT_IMPERSONATE_ADMINS);
    const signIn = await this.signIns.vouch({
      user: found,
      method: 'impersonation',
      // The cookie lasts as long as the session (one hour, never extended): as any remembered one.
      client: { ipAddress: actor.ipAddress ?? null, userAgent: actor.userAgent ?? null, marks: {} },
      session: { impersonatedBy: actor.userId, expiresIn: this.config.impersonationSessionDuration },
    });
    const { user, session } = signIn;
    await this.audit.record(actorEvent(actor, { action: 'impersonation.start', targetUserId: user.id, detail: { sessionId: session.id, expiresAt: session.expiresAt } }, this.clock.now()));
    return signIn;
  }
}
