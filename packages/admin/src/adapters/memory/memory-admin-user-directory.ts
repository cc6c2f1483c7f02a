import type { MemoryTables } from '@tend/kernel';
import type { User } from '@tend/identity';
import { USER_LIST_FIELDS, type AdminUserDirectory, type UserListPosition, type UserListQuery, type UserListValue } from '../../user-directory.port.js';

/** The user list over the shared memory tables, with the database's matching and ordering rules. */
export class MemoryAdminUserDirectory implements AdminUserDirectory {
  constructor(private readonly tables: MemoryTables) {}

  async list(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const matching = [...this.tables.users.values()].filter((user) => matchesSearch(user, query) && matchesFilter(user, query));
    const { field } = query.sort;
    const position = (user: User): UserListPosition => ({ value: user[field] as UserListValue | null, id: user.id });
    matching.sort((a, b) => inOrder(query, position(a), position(b)));
    const { after } = query;
    const rest = after ? matching.filter((user) => inOrder(query, position(user), after) > 0) : matching;
    const page = rest.slice(query.offset, query.offset + query.limit).map((user) => ({ ...user }));
    return { users: page, total: matching.length };
  }

  async remove(userId: string): Promise<boolean> {
    if (!this.tables.users.has(userId)) return false;
    // Sessions, accounts and every table a package registered go with the user.
    this.tables.deleteRow('users', userId);
    return true;
  }
}

/** The list's order: the sort column (empty columns last whatever the direction), then the id (as the Prisma adapter orders). */
function inOrder(query: UserListQuery, a: UserListPosition, b: UserListPosition): number {
  const { field, direction } = query.sort;
  if (a.value === null || b.value === null) {
    if (a.value !== b.value) return a.value === null ? 1 : -1;
  } else {
    const order = compare(field, a.value, b.value);
    if (order !== 0) return (direction === 'asc' ? 1 : -1) * order;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function matchesSearch(user: User, query: UserListQuery): boolean {
  if (!query.search) return true;
  const haystack = user[query.search.field].toLowerCase();
  const needle = query.search.value.toLowerCase();
  if (query.search.operator === 'starts_with') return haystack.startsWith(needle);
  if (query.search.operator === 'ends_with') return haystack.endsWith(needle);
  return haystack.includes(needle);
}

function matchesFilter(user: User, query: UserListQuery): boolean {
  if (!query.filter) return true;
  const { field, operator, value } = query.filter;
  const actual = user[field] as UserListValue | null;
  if (operator === 'ne') return actual === null || compare(field, actual, value) !== 0;
  if (actual === null) return false;
  if (operator === 'contains') return String(actual).toLowerCase().includes(String(value).toLowerCase());
  const order = compare(field, actual, value);
  switch (operator) {
    case 'eq':
      return order === 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    default:
      return order >= 0;
  }
}

/** Orders two values of a column the way PostgreSQL does (C collation for text, enum declaration order). */
function compare(field: UserListQuery['sort']['field'], left: UserListValue, right: UserListValue): number {
  const definition: { kind: string; values?: readonly string[] } = USER_LIST_FIELDS[field];
  const rank = (value: UserListValue): number | string => {
    if (value instanceof Date) return value.getTime();
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (definition.kind === 'enum') return definition.values?.indexOf(String(value)) ?? -1;
    return value;
  };
  const a = rank(left);
  const b = rank(right);
  if (typeof a === 'string' && typeof b === 'string') return byteOrder(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares strings by their UTF-8 bytes, as the C collation does. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
