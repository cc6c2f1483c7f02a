// What the admin console's pages share with the browser: the users list's URL parameters, the ban
// durations and role labels, and the shapes the loaders hand to the components.

/** How many users a page of the list shows. */
export const PAGE_SIZE = 20;

export const SEARCH_FIELDS = [
  { value: 'email', label: 'Email' },
  { value: 'name', label: 'Name' },
] as const;

export const SEARCH_MATCHES = [
  { value: 'contains', label: 'Contains' },
  { value: 'starts_with', label: 'Starts with' },
  { value: 'ends_with', label: 'Ends with' },
] as const;

/** The list's filters: the gateway takes one filter at a time, so they are one choice. */
export const SHOW_CHOICES = [
  { value: 'all', label: 'Everyone', group: null },
  { value: 'admin', label: 'Admins', group: 'Role' },
  { value: 'user', label: 'Users', group: 'Role' },
  { value: 'banned', label: 'Banned', group: 'Status' },
  { value: 'active', label: 'Not banned', group: 'Status' },
] as const;

/** The columns the list sorts on: column key -> the gateway's field. */
export const SORT_COLUMNS = {
  name: 'name',
  email: 'email',
  role: 'role',
  status: 'banned',
  created: 'createdAt',
} as const;

export type SearchField = (typeof SEARCH_FIELDS)[number]['value'];
export type SearchMatch = (typeof SEARCH_MATCHES)[number]['value'];
export type ShowChoice = (typeof SHOW_CHOICES)[number]['value'];
export type SortColumn = keyof typeof SORT_COLUMNS;
export type SortDirection = 'asc' | 'desc';

/** The users list as its URL describes it (`/admin?q=ada&field=name&sort=name&dir=asc&page=2`). */
export interface ListParams {
  q: string;
  field: SearchField;
  match: SearchMatch;
  show: ShowChoice;
  sort: SortColumn;
  dir: SortDirection;
  page: number;
}

export const DEFAULT_PARAMS: ListParams = { q: '', field: 'email', match: 'contains', show: 'all', sort: 'created', dir: 'desc', page: 1 };

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The list's parameters from a URL; anything unknown falls back to the default, never to an error. */
export function readListParams(search: URLSearchParams): ListParams {
  const page = Math.floor(Number(search.get('page')));
  const sort = oneOf(search.get('sort'), Object.keys(SORT_COLUMNS) as SortColumn[], DEFAULT_PARAMS.sort);
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    field: oneOf(search.get('field'), SEARCH_FIELDS.map((f) => f.value), DEFAULT_PARAMS.field),
    match: oneOf(search.get('match'), SEARCH_MATCHES.map((m) => m.value), DEFAULT_PARAMS.match),
    show: oneOf(search.get('show'), SHOW_CHOICES.map((s) => s.value), DEFAULT_PARAMS.show),
    sort,
    // Without a direction: newest first by date, A to Z otherwise.
    dir: oneOf(search.get('dir'), ['asc', 'desc'] as const, sort === 'created' ? 'desc' : 'asc'),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 1_000_000) : 1,
  };
}

/**
 * The list's URL for these parameters with some changed. Defaults are left out to keep links
 * short, but a sort always says its direction (`sort=name&dir=desc`), so the URL reads as it sorts.
 */
export function listHref(params: ListParams, changes: Partial<ListParams> = {}): string {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_PARAMS) as (keyof ListParams)[]) {
    const keep = key === 'dir' && next.sort !== DEFAULT_PARAMS.sort;
    if ((keep || next[key] !== DEFAULT_PARAMS[key]) && next[key] !== '') search.set(key, String(next[key]));
  }
  const query = search.toString();
  return query ? `/admin?${query}` : '/admin';
}

/** The choices of the ban form's Duration field: value -> label and seconds (null: until unbanned). */
export const BAN_DURATIONS = [
  { value: '1h', label: '1 hour', seconds: 3600 },
  { value: '1d', label: '1 day', seconds: 86_400 },
  { value: '7d', label: '7 days', seconds: 7 * 86_400 },
  { value: '30d', label: '30 days', seconds: 30 * 86_400 },
  { value: 'permanent', label: 'Permanent', seconds: null },
] as const;

export const ROLE_CHOICES = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
] as const;

export type RoleChoice = (typeof ROLE_CHOICES)[number]['value'];

/** Whether a role list ("user,admin") holds the admin role. */
export function hasAdminRole(role: string | null | undefined): boolean {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .includes('admin');
}

/** "Admin", "User", or the roles as written when they are something else. */
export function roleLabel(role: string | null | undefined): string {
  if (hasAdminRole(role)) return 'Admin';
  const roles = (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (roles.length === 0 || (roles.length === 1 && roles[0] === 'user')) return 'User';
  return roles.map((r) => r.charAt(0).toUpperCase() + r.slice(1)).join(', ');
}

/** A user as the list and the details page show them: no tokens, dates pre-rendered in UTC. */
export interface UserView {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  username: string | null;
  image: string | null;
  role: string;
  roleLabel: string;
  isAdmin: boolean;
  /** Banned now (a ban whose end has passed counts as lifted). */
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  banExpiresUtc: string | null;
  /** Signing in asks a second factor. */
  twoFactorEnabled: boolean;
  createdAt: string;
  createdUtc: string;
  updatedAt: string;
  updatedUtc: string;
}

/** A session as the details page shows it: revoking goes by id, the token stays on the server. */
export interface SessionView {
  id: string;
  device: string;
  userAgent: string;
  ipAddress: string;
  impersonated: boolean;
  createdAt: string;
  createdUtc: string;
  expiresAt: string;
  expiresUtc: string;
}

/** One line of the user's audit trail. */
export interface AuditView {
  id: string;
  action: string;
  label: string;
  /** How a sign-in event signed in (`email`, `magic-link`, `email-otp`, `social`, …), else null. */
  method: string | null;
  actor: string;
  ipAddress: string;
  createdAt: string;
  createdUtc: string;
}

/** The forms of the details page, as its action names which one answered. */
export type UserSection = 'sessions' | 'ban' | 'role' | 'impersonate' | 'password' | 'remove' | 'two-factor';
