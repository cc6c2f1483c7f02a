import { GENERAL_ERRORS, raise, type Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { authorizeAdmin, parseRoles } from '../permissions.js';
import { requireUser } from './require-user.js';

export interface SetRoleInput {
  actor: Actor;
  userId: string;
  /** One role, a comma-separated list, or an array; stored comma-joined. */
  role: string | readonly string[];
}

/**
 * The stored form of a role input: trimmed names joined by commas. No name is 400 Invalid body
 * parameters; a name outside `assignableRoles` (when configured) is 400.
 */
export function roleValue(role: string | readonly string[], config: Pick<AdminConfig, 'assignableRoles'>): string {
  const names = parseRoles(role);
  if (names.length === 0) throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
  if (config.assignableRoles && names.some((name) => !config.assignableRoles?.includes(name))) {
    throw raise(ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_A_NON_EXISTENT_ROLE_VALUE);
  }
  return names.join(',');
}

/** POST /admin/set-role: needs user set-role. */
export class SetRole {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: SetRoleInput): Promise<{ user: User }> {
    authorizeAdmin(input.actor, 'set-role', this.config);
    const role = roleValue(input.role, this.config);
    const before = await requireUser(this.users, input.userId);
    const now = this.clock.now();
    const user = await this.users.update(before.id, { role, updatedAt: now });
    await this.audit.record(actorEvent(input.actor, { action: 'user.role.change', targetUserId: user.id, detail: { from: before.role, to: role } }, now));
    return { user };
  }
}
