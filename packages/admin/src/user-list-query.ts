import { INVALID_QUERY_PARAMETERS, raise } from '@tend/kernel';
import { ADMIN_PAGE_LIMIT } from './config.js';
import {
  USER_LIST_FIELDS,
  type UserListPosition,
  type FilterOperator,
  type SearchField,
  type SearchOperator,
  type SortDirection,
  type UserListField,
  type UserListQuery,
  type UserListValue,
} from './user-directory.port.js';

/** GET /admin/list-users query, as the spec names it (limit and offset may be strings). */
export interface ListUsersQueryInput {
  searchValue?: string | null;
  /** Default email. */
  searchField?: SearchField | null;
  /** Default contains. */
  searchOperator?: SearchOperator | null;
  /** Default and maximum 100. */
  limit?: string | number | null;
  offset?: string | number | null;
  /** A column of USER_LIST_FIELDS; default createdAt (newest first). */
  sortBy?: string | null;
  /** Default asc with sortBy, desc without. */
  sortDirection?: SortDirection | null;
  /** Default email. */
  filterField?: string | null;
  filterValue?: string | number | boolean | null;
  /** Default eq. */
  filterOperator?: FilterOperator | null;
  /** Keyset paging: the `nextCursor` of the previous page (same sortBy and sortDirection; no offset). */
  cursor?: string | null;
}

const SEARCH_FIELDS: readonly string[] = ['email', 'name'];
const SEARCH_OPERATORS: readonly string[] = ['contains', 'starts_with', 'ends_with'];
const FILTER_OPERATORS: readonly string[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains'];
const OPERATORS_BY_KIND: Record<string, readonly string[]> = {
  string: FILTER_OPERATORS,
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  boolean: ['eq', 'ne'],
  enum: ['eq', 'ne'],
};

const invalid = () => raise(INVALID_QUERY_PARAMETERS);

/** The page size asked for, within 1..100 (default 100). */
export function pageLimit(limit: string | number | null | undefined): number {
  const asked = Math.floor(Number(limit));
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, ADMIN_PAGE_LIMIT) : ADMIN_PAGE_LIMIT;
}

/** The offset asked for, 0 or more (default 0). */
export function pageOffset(offset: string | number | null | undefined): number {
  const asked = Math.floor(Number(offset));
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, Number.MAX_SAFE_INTEGER) : 0;
}

function isListField(field: string): field is UserListField {
  return Object.hasOwn(USER_LIST_FIELDS, field);
}

/**
 * Turns the route's query into a checked UserListQuery: fields outside the allow-list, unknown
 * operators and values that do not fit the field answer 400 Invalid query parameters.
 */
export function userListQuery(input: ListUsersQueryInput): UserListQuery {
  let search: UserListQuery['search'] = null;
  if (input.searchValue) {
    const field = input.searchField ?? 'email';
    const operator = input.searchOperator ?? 'contains';
    if (!SEARCH_FIELDS.includes(field) || !SEARCH_OPERATORS.includes(operator)) throw invalid();
    search = { field, operator, value: input.searchValue };
  }

  let filter: UserListQuery['filter'] = null;
  if (input.filterValue !== undefined && input.filterValue !== null) {
    const field = input.filterField ?? 'email';
    const operator = input.filterOperator ?? 'eq';
    if (!isListField(field) || !FILTER_OPERATORS.includes(operator)) throw invalid();
    const definition = USER_LIST_FIELDS[field];
    if (!OPERATORS_BY_KIND[definition.kind]?.includes(operator)) throw invalid();
    filter = { field, operator, value: filterValue(field, input.filterValue) };
  }

  const sortField = input.sortBy ?? 'createdAt';
  if (!isListField(sortField)) throw invalid();
  const direction = input.sortDirection ?? (input.sortBy ? 'asc' : 'desc');
  if (direction !== 'asc' && direction !== 'desc') throw invalid();

  const offset = pageOffset(input.offset);
  let after: UserListPosition | null = null;
  if (input.cursor) {
    // A cursor is a place in one order: with another sort, or with an offset, it means nothing.
    if (offset > 0) throw invalid();
    after = decodeCursor(input.cursor, sortField, direction);
  }
  return { search, filter, sort: { field: sortField, direction }, after, limit: pageLimit(input.limit), offset };
}

/**
 * The cursor of the page after `last`: the sort, the last user's sort value and id, as opaque
 * base64url JSON (`[field, direction, value, id]`, dates as ISO text). Nothing secret: it names a
 * user the admin has just been shown.
 */
export function encodeCursor(sort: UserListQuery['sort'], last: { id: string } & Partial<Record<UserListField, unknown>>): string {
  const value = (last[sort.field] ?? null) as UserListValue | null;
  return Buffer.from(JSON.stringify([sort.field, sort.direction, value instanceof Date ? value.toISOString() : value, last.id])).toString('base64url');
}

/** The position a cursor names, checked against the query's sort; anything else is 400 Invalid query parameters. */
function decodeCursor(cursor: string, field: UserListField, direction: SortDirection): UserListPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw invalid();
  const [cursorField, cursorDirection, raw, id] = decoded as unknown[];
  if (cursorField !== field || cursorDirection !== direction || typeof id !== 'string' || id.length === 0 || id.length > 256) throw invalid();
  if (raw === null) {
    if (!USER_LIST_FIELDS[field].nullable) throw invalid();
    return { value: null, id };
  }
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') throw invalid();
  const value = filterValue(field, raw);
  // filterValue lowercases emails for comparison; a position keeps the stored value.
  return { value: field === 'email' ? String(raw) : value, id };
}

/** The filter value read as the field's kind: 'true' is a boolean, '42' a number, an ISO text a date. */
function filterValue(field: UserListField, raw: string | number | boolean): UserListValue {
  const definition: { kind: string; values?: readonly string[] } = USER_LIST_FIELDS[field];
  switch (definition.kind) {
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw invalid();
    case 'number': {
      const value = typeof raw === 'boolean' || raw === '' ? Number.NaN : Number(raw);
      // The columns are 32-bit integers in the database.
      if (!Number.isInteger(value) || Math.abs(value) > 2_147_483_647) throw invalid();
      return value;
    }
    case 'date': {
      const value = typeof raw === 'boolean' || raw === '' ? new Date(Number.NaN) : new Date(raw);
      if (Number.isNaN(value.getTime())) throw invalid();
      return value;
    }
    case 'enum':
      if (typeof raw !== 'string' || !definition.values?.includes(raw)) throw invalid();
      return raw;
    default:
      // Emails are stored lowercase: compare with the lowercase form.
      return field === 'email' ? String(raw).toLowerCase() : String(raw);
  }
}
