export { ADMIN_ERRORS, type AdminErrorCode } from './error-codes.js';
export {
  ADMIN_STATEMENTS,
  ADMIN_ACTIONS,
  DEFAULT_ROLES,
  DEFAULT_PERMISSION_CONFIG,
  adminPermission,
  authorizeAdmin,
  hasAdminPermission,
  parseRoles,
  type AdminAction,
  type AdminActionRule,
  type AdminPermissions,
  type AdminResource,
  type AdminStatementAction,
  type PermissionConfig,
  type PermissionRequest,
  type PermissionSubject,
  type RoleTable,
} from './permissions.js';
export { adminConfig, DEFAULT_ADMIN_CONFIG, ADMIN_PAGE_LIMIT, type AdminConfig } from './config.js';
export { actorOf, type Actor } from './actor.js';
export type { AdminSessions } from './sessions.port.js';
export {
  USER_LIST_FIELDS,
  type AdminUserDirectory,
  type UserListQuery,
  type UserListPosition,
  type UserListField,
  type UserListValue,
  type SearchField,
  type SearchOperator,
  type FilterOperator,
  type SortDirection,
} from './user-directory.port.js';
export { userListQuery, encodeCursor, pageLimit, pageOffset, type ListUsersQueryInput } from './user-list-query.js';
// audit log
export { ADMIN_AUDIT_ACTIONS, newAuditEvent, actorEvent, type AuditAction, type AuditEvent, type AuditEventInput } from './audit/audit-event.js';
export type { AuditLog, AuditLogQuery, AuditLogPage } from './audit/audit-log.port.js';
export { BufferedAuditLog, type BufferedAuditLogOptions } from './audit/buffered-audit-log.js';
export { redactDetail, isSecretKey, type AuditDetail, type AuditJson } from './audit/redact.js';
// use cases
export { SetRole, roleValue, type SetRoleInput } from './use-cases/set-role.js';
export { CreateUser, type CreateUserInput } from './use-cases/create-user.js';
export { ListUsers, type ListUsersInput, type ListUsersResult } from './use-cases/list-users.js';
export { GetUser } from './use-cases/get-user.js';
export { ListUserSessions } from './use-cases/list-user-sessions.js';
export { BanUser, type BanUserInput } from './use-cases/ban-user.js';
export { UnbanUser } from './use-cases/unban-user.js';
export { ImpersonateUser, isAdministrator } from './use-cases/impersonate-user.js';
export { StopImpersonating, type StopImpersonatingInput } from './use-cases/stop-impersonating.js';
export { RevokeUserSession } from './use-cases/revoke-user-session.js';
export { RevokeUserSessions } from './use-cases/revoke-user-sessions.js';
export { RemoveUser } from './use-cases/remove-user.js';
export { SetUserPassword } from './use-cases/set-user-password.js';
export { HasPermission, type HasPermissionInput } from './use-cases/has-permission.js';
export { ListAuditEvents, type ListAuditEventsInput } from './use-cases/list-audit-events.js';
// in-memory adapters
export { MemoryAdminUserDirectory } from './adapters/memory/memory-admin-user-directory.js';
export { MemoryAuditLog } from './adapters/memory/memory-audit-log.js';
