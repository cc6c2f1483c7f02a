// The site roles of spec section 6 as data: role -> resource -> actions. Every admin use case,
// the gateway's route guard (adminPermission) and POST /admin/has-permission read this table.
import { raise, type ErrorDefinition } from '@tend/kernel';
import { ADMIN_ERRORS } from './error-codes.js';

/** Every resource and the actions a role may be granted on it. */
export const ADMIN_STATEMENTS = {
  user: ['create', 'list', 'get', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
  session: ['list', 'revoke', 'delete'],
} as const;

export type AdminResource = keyof typeof ADMIN_STATEMENTS;
export type AdminStatementAction<R extends AdminResource = AdminResource> = (typeof ADMIN_STATEMENTS)[R][number];

/** What a role may do, or what a caller asks for: resource -> actions. */
export type AdminPermissions = { readonly [R in AdminResource]?: readonly AdminStatementAction<R>[] };

/** A permission request as clients send it (unknown resources and actions simply grant nothing). */
export type PermissionRequest = Readonly<Record<string, readonly string[]>>;

/** Role name -> what it grants. */
export type RoleTable = Readonly<Record<string, PermissionRequest>>;

/** admin (every statement) and user (nothing), the spec's two site roles. */
export const DEFAULT_ROLES = {
  admin: ADMIN_STATEMENTS,
  user: {},
} as const satisfies Record<string, AdminPermissions>;

/** Who is asking: a user id (for the admin-user-id list) and a role string. */
export interface PermissionSubject {
  userId?: string | null;
  role?: string | null;
}

/** The configuration the permission check reads (part of AdminConfig). */
export interface PermissionConfig {
  roles: RoleTable;
  /** These user ids are allowed everything, whatever their role. */
  adminUserIds: readonly string[];
  /** The role of a user whose role is empty. */
  defaultRole: string;
}

export const DEFAULT_PERMISSION_CONFIG: PermissionConfig = Object.freeze({ roles: DEFAULT_ROLES, adminUserIds: Object.freeze([]), defaultRole: 'user' });

/** The roles of a role string or list: `'admin, user'` -> `['admin', 'user']`, without blanks or repeats. */
export function parseRoles(role: string | readonly string[]): string[] {
  const parts = typeof role === 'string' ? role.split(',') : role.flatMap((name) => name.split(','));
  return [...new Set(parts.map((name) => name.trim()).filter(Boolean))];
}

/**
 * Whether `subject` may do every requested action. A user id in `adminUserIds` is always
 * allowed; otherwise any one of its roles must grant the whole request. Unknown roles,
 * resources or actions grant nothing, and asking for nothing is not a permission.
 */
export function hasAdminPermission(subject: PermissionSubject, permissions: PermissionRequest, config: Partial<PermissionConfig> = {}): boolean {
  const { roles, adminUserIds, defaultRole } = { ...DEFAULT_PERMISSION_CONFIG, ...config };
  if (subject.userId && adminUserIds.includes(subject.userId)) return true;
  const requested = Object.entries(permissions);
  if (requested.length === 0 || requested.some(([, actions]) => actions.length === 0)) return false;
  const names = parseRoles(subject.role || defaultRole);
  return names.some((name) => {
    if (!Object.hasOwn(roles, name)) return false;
    const granted = roles[name] as PermissionRequest;
    return requested.every(([resource, actions]) => {
      const allowed = Object.hasOwn(granted, resource) ? granted[resource] : undefined;
      return allowed !== undefined && actions.every((action) => allowed.includes(action));
    });
  });
}

/** What an admin action needs, and the error a caller without it gets. */
export interface AdminActionRule {
  readonly permissions: AdminPermissions;
  readonly denied: ErrorDefinition;
}

/**
 * The permission each admin route needs (spec section 6, "Admin action permissions"), keyed by
 * the route's name under /admin. The audit log is read with the user-list permission.
 */
export const ADMIN_ACTIONS = {
  'set-role': { permissions: { user: ['set-role'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE },
  'create-user': { permissions: { user: ['create'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS },
  'list-users': { permissions: { user: ['list'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS },
  // better-auth 1.7's GET /admin/get-user.
  'get-user': { permissions: { user: ['get'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_GET_USER },
  'list-user-sessions': { permissions: { session: ['list'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS },
  'ban-user': { permissions: { user: ['ban'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS },
  'unban-user': { permissions: { user: ['ban'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS },
  'impersonate-user': { permissions: { user: ['impersonate'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS },
  'revoke-user-session': { permissions: { session: ['revoke'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS },
  'revoke-user-sessions': { permissions: { session: ['revoke'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS },
  'remove-user': { permissions: { user: ['delete'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS },
  'set-user-password': { permissions: { user: ['set-password'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD },
  'audit-log': { permissions: { user: ['list'] }, denied: ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS },
} as const satisfies Record<string, AdminActionRule>;

export type AdminAction = keyof typeof ADMIN_ACTIONS;

/** The permission an admin route needs and its 403, for the gateway to check before the handler. */
export function adminPermission(action: AdminAction): AdminActionRule {
  return ADMIN_ACTIONS[action];
}

/** Throws the action's 403 ("You are not allowed to ...") unless `subject` holds its permission. */
export function authorizeAdmin(subject: PermissionSubject, action: AdminAction, config: Partial<PermissionConfig> = {}): void {
  const rule = ADMIN_ACTIONS[action];
  if (!hasAdminPermission(subject, rule.permissions, config)) throw raise(rule.denied);
}
