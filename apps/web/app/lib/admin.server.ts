// Site administration: who may open the admin console; what its pages show of users, sessions
// and audit events (never a session token); and the admin error codes in plain words.
import type * as schemas from '@tend/contracts';
import type { Input, Output } from '@tend/contracts';
import { routes } from '@tend/contracts';
import {
  hasAdminRole,
  PAGE_SIZE,
  roleLabel,
  SORT_COLUMNS,
  type AuditView,
  type ListParams,
  type SessionView,
  type UserView,
} from '../components/admin/model';
import { requireSession, type Session, type SessionAndUser } from './auth.server';
import { describeError, type ErrorLike, type FieldRole, type FormErrors } from './errors';
import { describeDevice, formatUtc } from './format';
import type { GatewayClient } from './gateway.server';
import { call } from './call.server';

export type AdminUser = Output<typeof schemas.user>;
export type AuditEvent = Output<typeof schemas.auditEvent>;
type ListUsersQuery = Input<typeof schemas.listUsersQuery>;

/** What the root layout needs to know: show the Admin link, show the impersonation banner. */
export function viewerFlags(current: SessionAndUser | null): { isAdmin: boolean; impersonating: boolean } {
  const impersonating = Boolean(current?.session.impersonatedBy);
  return { isAdmin: Boolean(current) && !impersonating && hasAdminRole(current?.user.role), impersonating };
}

/**
 * The signed-in administrator, a redirect to sign in, or a 404 for everyone else: the console
 * is not advertised to people who cannot use it. The role says "admin" for most; an admin by
 * configuration (the gateway's admin user ids) is confirmed by asking the gateway.
 */
export async function requireAdmin(api: GatewayClient, request: Request): Promise<SessionAndUser> {
  const current = await requireSession(api, request);
  if (hasAdminRole(current.user.role)) return current;
  if (!current.session.impersonatedBy) {
    const check = await call(api, routes.hasPermission, { permissions: { user: ['list'] } });
    if (check.ok && check.data?.success) return current;
  }
  throw new Response('Not Found', { status: 404, headers: api.headers });
}

/** The gateway's list-users query for the list's URL parameters. */
export function listUsersQuery(params: ListParams): ListUsersQuery {
  const query: ListUsersQuery = {
    limit: PAGE_SIZE,
    offset: (params.page - 1) * PAGE_SIZE,
    sortBy: SORT_COLUMNS[params.sort],
    sortDirection: params.dir,
  };
  if (params.q) Object.assign(query, { searchValue: params.q, searchField: params.field, searchOperator: params.match });
  const filters: Record<string, Pick<ListUsersQuery, 'filterField' | 'filterOperator' | 'filterValue'>> = {
    admin: { filterField: 'role', filterOperator: 'contains', filterValue: 'admin' },
    user: { filterField: 'role', filterOperator: 'eq', filterValue: 'user' },
    banned: { filterField: 'banned', filterOperator: 'eq', filterValue: 'true' },
    active: { filterField: 'banned', filterOperator: 'eq', filterValue: 'false' },
  };
  return { ...query, ...filters[params.show] };
}

/** One user by id (GET /admin/get-user), or null when there is none. */
export async function findUser(api: GatewayClient, userId: string) {
  const result = await call(api, routes.getUser, { id: userId });
  if (!result.ok) return result.error.code === 'USER_NOT_FOUND' ? { ok: true as const, status: 200, data: null } : result;
  return { ...result, data: result.data };
}

/** A user as the console shows them; a ban whose end has passed counts as lifted. */
export function userView(user: AdminUser, now: Date): UserView {
  const banExpires = user.banExpires ?? null;
  const banned = Boolean(user.banned) && (banExpires === null || Date.parse(banExpires) > now.getTime());
  const role = user.role || 'user';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    username: user.displayUsername ?? user.username ?? null,
    image: user.image ?? null,
    role,
    roleLabel: roleLabel(role),
    isAdmin: hasAdminRole(role),
    banned,
    banReason: banned ? (user.banReason ?? null) : null,
    banExpires: banned ? banExpires : null,
    banExpiresUtc: banned && banExpires ? formatUtc(banExpires) : null,
    twoFactorEnabled: user.twoFactorEnabled === true,
    createdAt: user.createdAt,
    createdUtc: formatUtc(user.createdAt),
    updatedAt: user.updatedAt,
    updatedUtc: formatUtc(user.updatedAt),
  };
}

/** A session as the console shows it: no token. */
export function sessionView(session: Session): SessionView {
  return {
    id: session.id,
    device: describeDevice(session.userAgent),
    userAgent: session.userAgent ?? '',
    ipAddress: session.ipAddress || 'Unknown',
    impersonated: Boolean(session.impersonatedBy),
    createdAt: session.createdAt,
    createdUtc: formatUtc(session.createdAt),
    expiresAt: session.expiresAt,
    expiresUtc: formatUtc(session.expiresAt),
  };
}

/** The audit events with their actors named: the user themselves, another person, or nobody signed in. */
export async function auditViews(api: GatewayClient, events: AuditEvent[], subject: UserView): Promise<AuditView[]> {
  const others = [...new Set(events.map((e) => e.actorId).filter((id): id is string => Boolean(id) && id !== subject.id))];
  const found = await Promise.all(others.map(async (id) => [id, await findUser(api, id)] as const));
  const names = new Map<string, string>();
  for (const [id, result] of found) {
    if (result.ok && result.data) names.set(id, `${result.data.name} (${result.data.email})`);
  }
  return events.map((event) => ({
    id: event.id,
    action: event.action,
    label: event.label,
    method: event.action.startsWith('sign-in.') && typeof event.detail?.method === 'string' ? event.detail.method : null,
    actor:
      event.actorId === null ? 'Not signed in'
      : event.actorId === subject.id ? `${subject.name} (themselves)`
      : (names.get(event.actorId) ?? 'A removed user'),
    ipAddress: event.ipAddress || 'Unknown',
    createdAt: event.createdAt,
    createdUtc: formatUtc(event.createdAt),
  }));
}

const notAllowed = "You don't have permission to do that. Ask another administrator if you need it.";

const messages: Record<string, { field?: FieldRole; message: string }> = {
  USER_NOT_FOUND: { message: "We couldn't find that user. They may have been removed in the meantime." },
  YOU_CANNOT_BAN_YOURSELF: { message: "You can't ban your own account." },
  YOU_CANNOT_REMOVE_YOURSELF: { message: "You can't remove your own account here. Use Account, then Delete account." },
  YOU_CANNOT_IMPERSONATE_ADMINS: { message: "Administrators can't be impersonated. Change their role to user first if you really need to." },
  BANNED_USER: { message: 'This user is banned. Unban them first to view Tend as them.' },
  YOU_ARE_NOT_IMPERSONATING_ANYONE: { message: "You're not viewing Tend as anyone else right now." },
  FAILED_TO_FIND_ADMIN_SESSION: { message: 'Your own session has ended while you were viewing Tend as someone else. Please sign in again.' },
  FAILED_TO_FIND_USER: { message: "We couldn't find your own account. Please sign in again." },
  USER_ID_OR_ROLE_IS_REQUIRED: { message: 'Please choose a role.' },
  YOU_ARE_NOT_ALLOWED_TO_SET_A_NON_EXISTENT_ROLE_VALUE: { message: "That role doesn't exist. Please choose user or admin." },
  FORBIDDEN: { message: notAllowed },
};

/** What the users list says when the gateway refuses its search (400 VALIDATION_ERROR on the query). */
export const SEARCH_REFUSED = "That search couldn't be run. Please change it and try again.";

/** The form errors for a refusal of an admin route; other codes fall back to the shared table. */
export function describeAdminError(error: ErrorLike, fields: Partial<Record<FieldRole, string>> = {}): FormErrors {
  if (error.code.startsWith('YOU_ARE_NOT_ALLOWED_TO_') && !messages[error.code]) return { form: notAllowed, fields: {}, code: error.code };
  const entry = messages[error.code];
  if (!entry) return describeError(error, fields);
  const input = entry.field ? fields[entry.field] : undefined;
  if (input) return { fields: { [input]: entry.message }, code: error.code };
  return { form: entry.message, fields: {}, code: error.code };
}
