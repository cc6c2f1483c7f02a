// The route guard of the admin scope (spec section 6): each admin route names the permission of
// its action; the Authorizer answers that action's 403 "You are not allowed to ..." when the
// caller's roles do not grant it. A user id in AUTH_ADMIN_USER_IDS is always allowed.
import { ADMIN_ACTIONS, adminPermission, hasAdminPermission, type AdminAction, type AdminActionRule, type PermissionConfig } from '@tend/admin';
import { raise, type ErrorDefinition } from '@tend/kernel';
import type { RequiredPermission } from '../../http/endpoint.js';
import { GATEWAY_ERRORS } from '../../http/gateway-errors.js';
import type { Auth } from '../../http/session.js';
import type { Authorizer } from '../../http/mount.js';

const keyOf = (resource: string, action: string) => `${resource}:${action}`;

/** The 403 of each admin permission (actions sharing a permission share its message). */
const DENIED = new Map<string, ErrorDefinition>(
  Object.values(ADMIN_ACTIONS).flatMap((rule: AdminActionRule) =>
    Object.entries(rule.permissions).flatMap(([resource, actions]: [string, readonly string[]]) => actions.map((action) => [keyOf(resource, action), rule.denied] as const)),
  ),
);

/** The `auth` of an admin route: the one permission its action needs (ADMIN_ACTIONS). */
export function adminAuth(action: AdminAction): { permission: RequiredPermission } {
  const [[resource, actions]] = Object.entries(adminPermission(action).permissions) as [[string, readonly string[]]];
  return { permission: { scope: 'admin', resource, action: actions[0]! } };
}

/** The 403 an admin route answers to a caller without its permission. */
export function deniedOf(action: AdminAction): ErrorDefinition {
  return adminPermission(action).denied;
}

/** Checks site-role permissions before an admin handler runs. */
export class AdminAuthorizer implements Authorizer {
  constructor(private readonly config: PermissionConfig) {}

  authorize(auth: Auth, permission: RequiredPermission): Promise<void> {
    const allowed = hasAdminPermission({ userId: auth.user.id, role: auth.user.role }, { [permission.resource]: [permission.action] }, this.config);
    if (!allowed) return Promise.reject(raise(DENIED.get(keyOf(permission.resource, permission.action)) ?? GATEWAY_ERRORS.FORBIDDEN));
    return Promise.resolve();
  }
}
