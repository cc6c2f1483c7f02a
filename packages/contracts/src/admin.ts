// Site administration (spec sections 4 Ban/Impersonation, 5, 6, 7 "Admin", 8 "Admin messages"):
// the request and response schemas of /admin/*.
import { z } from 'zod';
import { session, status, success, user } from './auth.js';
import { userInput } from './user-fields.js';
import { LIMITS, emailInput, idInput, line, passwordInput, queryInteger, text, timestamp, tokenInput } from './primitives.js';
import { route } from './route.js';

/** One role, a comma-separated list, or an array of roles. */
const roleInput = () => z.union([line(LIMITS.shortText), z.array(line(100)).min(1).max(20)]);
/** resource -> actions, as has-permission asks. */
const permissionRequest = () => z.record(line(100), z.array(line(100)).max(50));
const userIdBody = () => z.object({ userId: idInput() });
const page = { total: z.number().int(), limit: z.number().int(), offset: z.number().int() };
/** Page size and offset in a query string (the size is capped at 100 by the use case). */
const pageQuery = { limit: queryInteger(0, 1_000_000).optional(), offset: queryInteger(0, Number.MAX_SAFE_INTEGER).optional() };

export const userReply = z.object({ user });

// ------------------------------------------------------------------ roles and users

export const setRoleBody = z.object({ userId: idInput(), role: roleInput() });

/** Extra fields of create-user: the client-settable user fields and emailVerified; admin fields never. */
const createUserData = z.object(userInput).partial().extend({ emailVerified: z.boolean().optional() });

export const createUserBody = z.object({
  email: emailInput(),
  password: passwordInput(),
  name: userInput.name,
  role: roleInput().optional(),
  data: createUserData.optional(),
});

export const listUsersQuery = z.object({
  searchValue: line().optional(),
  searchField: z.enum(['email', 'name']).optional(),
  searchOperator: z.enum(['contains', 'starts_with', 'ends_with']).optional(),
  /** A column of the allow-list (others: 400 Invalid query parameters); default createdAt, newest first. */
  sortBy: line(50).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  filterField: line(50).optional(),
  filterValue: line().optional(),
  filterOperator: z.enum(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains']).optional(),
  ...pageQuery,
  /** Keyset paging: the previous page's nextCursor, with the same sortBy and sortDirection and no offset. */
  cursor: line(1000).optional(),
});
export const listUsersResponse = z.object({
  users: z.array(user),
  ...page,
  /** The cursor of the next page (keyset paging: a deep page costs what the first does); null on the last page. */
  nextCursor: z.string().nullable(),
});

/** GET /admin/get-user?id (better-auth 1.7): an empty id is a user nobody has (404), not a bad query. */
export const getUserQuery = z.object({ id: text({ max: LIMITS.id }) });

export const removeUserBody = userIdBody();
export const setUserPasswordBody = z.object({ userId: idInput(), newPassword: passwordInput() });

// ------------------------------------------------------------------ bans

export const banUserBody = z.object({
  userId: idInput(),
  /** Default 'No reason'. */
  banReason: text({ max: 500 }).nullable().optional(),
  /** Seconds until the ban ends; absent: until unbanned. */
  banExpiresIn: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
});
export const unbanUserBody = userIdBody();

// ------------------------------------------------------------------ sessions and impersonation

export const listUserSessionsBody = userIdBody();
export const listUserSessionsResponse = z.object({ sessions: z.array(session) });
export const revokeUserSessionBody = z.object({ sessionToken: tokenInput(256).min(1) });
export const revokeUserSessionsBody = userIdBody();
export const impersonateUserBody = userIdBody();
export const impersonationResponse = z.object({ session, user });

// ------------------------------------------------------------------ permissions

export const hasPermissionBody = z.object({
  userId: idInput().optional(),
  role: line(LIMITS.shortText).optional(),
  permission: permissionRequest().optional(),
  permissions: permissionRequest().optional(),
});
export const hasPermissionResponse = z.object({ error: z.null(), success: z.boolean() });

// ------------------------------------------------------------------ audit log

export const auditEvent = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    targetUserId: z.string().nullable(),
    organizationId: z.string().nullable(),
    action: z.string(),
    /** The action in words, as the module that records it declares ("Signed in"). */
    label: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp(),
  })
  .meta({ id: 'AuditEvent' });

export const auditLogQuery = z.object({
  /** Events this user caused or underwent. */
  userId: idInput().optional(),
  /** One action, or a family ending in `.*` (`organization.member.*`). */
  action: line(100).optional(),
  ...pageQuery,
});
export const auditLogResponse = z.object({ events: z.array(auditEvent), ...page });

// ------------------------------------------------------------------ routes

/** The site administration routes (spec section 6). */
export const adminRoutes = {
  setRole: route({ method: 'post', path: '/admin/set-role', body: setRoleBody, response: userReply }),
  createUser: route({ method: 'post', path: '/admin/create-user', body: createUserBody, response: userReply }),
  listUsers: route({ method: 'get', path: '/admin/list-users', query: listUsersQuery, response: listUsersResponse }),
  getUser: route({ method: 'get', path: '/admin/get-user', query: getUserQuery, response: user }),
  removeUser: route({ method: 'post', path: '/admin/remove-user', body: removeUserBody, response: success }),
  setUserPassword: route({ method: 'post', path: '/admin/set-user-password', body: setUserPasswordBody, response: status }),
  banUser: route({ method: 'post', path: '/admin/ban-user', body: banUserBody, response: userReply }),
  unbanUser: route({ method: 'post', path: '/admin/unban-user', body: unbanUserBody, response: userReply }),
  listUserSessions: route({ method: 'post', path: '/admin/list-user-sessions', body: listUserSessionsBody, response: listUserSessionsResponse }),
  revokeUserSession: route({ method: 'post', path: '/admin/revoke-user-session', body: revokeUserSessionBody, response: success }),
  revokeUserSessions: route({ method: 'post', path: '/admin/revoke-user-sessions', body: revokeUserSessionsBody, response: success }),
  impersonateUser: route({ method: 'post', path: '/admin/impersonate-user', body: impersonateUserBody, response: impersonationResponse }),
  stopImpersonating: route({ method: 'post', path: '/admin/stop-impersonating', response: impersonationResponse }),
  hasPermission: route({ method: 'post', path: '/admin/has-permission', body: hasPermissionBody, response: hasPermissionResponse }),
  auditLog: route({ method: 'get', path: '/admin/audit-log', query: auditLogQuery, response: auditLogResponse }),
};
