import { raise } from '@tend/kernel';
import type { UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { hasAdminPermission, type PermissionRequest, type PermissionSubject } from '../permissions.js';
import { requireUser } from './require-user.js';

export interface HasPermissionInput {
  /** The caller's session; when present it is the one checked (as better-auth does). */
  actor?: Actor | null;
  /** Without a session (server calls): check this user, or this role. */
  userId?: string | null;
  role?: string | null;
  /** resource -> actions; `permission` is the older name of the same field. */
  permissions?: PermissionRequest | null;
  permission?: PermissionRequest | null;
}

/**
 * POST /admin/has-permission: answers `{ error: null, success }`. No permission(s) is 400
 * 'invalid permission check. no permission(s) were passed.'. With a session the caller is
 * checked; without one a role or a user id is (400 'user id or role is required' for neither).
 */
export class HasPermission {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: Pick<UserRepository, 'findById'>,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: HasPermissionInput): Promise<{ error: null; success: boolean }> {
    const permissions = input.permissions ?? input.permission;
    if (!permissions || Object.keys(permissions).length === 0) throw raise(ADMIN_ERRORS.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED);
    return { error: null, success: hasAdminPermission(await this.subject(input), permissions, this.config) };
  }

  private async subject(input: HasPermissionInput): Promise<PermissionSubject> {
    if (input.actor) return { userId: input.actor.userId, role: input.actor.role };
    if (input.role) return { userId: input.userId ?? null, role: input.role };
    if (input.userId) {
      const user = await requireUser(this.users, input.userId);
      return { userId: user.id, role: user.role };
    }
    throw raise(ADMIN_ERRORS.USER_ID_OR_ROLE_IS_REQUIRED);
  }
}
