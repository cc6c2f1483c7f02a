import type { User } from '@tend/identity';

/** The columns list-users may filter and sort on, with their kind (how values are read and compared). */
export const USER_LIST_FIELDS = {
  id: { kind: 'string', nullable: false },
  email: { kind: 'string', nullable: false },
  name: { kind: 'string', nullable: false },
  emailVerified: { kind: 'boolean', nullable: false },
  createdAt: { kind: 'date', nullable: false },
  updatedAt: { kind: 'date', nullable: false },
  role: { kind: 'string', nullable: false },
  banned: { kind: 'boolean', nullable: false },
  banReason: { kind: 'string', nullable: true },
  banExpires: { kind: 'date', nullable: true },
  username: { kind: 'string', nullable: true },
  displayUsername: { kind: 'string', nullable: true },
  age: { kind: 'number', nullable: true },
  gender: { kind: 'string', nullable: true },
  location: { kind: 'string', nullable: true },
  isPremium: { kind: 'boolean', nullable: false },
  tokenBalance: { kind: 'number', nullable: false },
  // A database enum: sorts in declaration order (enabled before disabled).
  notification: { kind: 'enum', nullable: false, values: ['enabled', 'disabled'] },
} as const satisfies Record<string, { kind: 'string' | 'boolean' | 'date' | 'number' | 'enum'; nullable: boolean; values?: readonly string[] }>;

export type UserListField = keyof typeof USER_LIST_FIELDS & keyof User;
export type SearchField = 'email' | 'name';
export type SearchOperator = 'contains' | 'starts_with' | 'ends_with';
export type FilterOperator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains';
export type SortDirection = 'asc' | 'desc';
export type UserListValue = string | number | boolean | Date;

/**
 * A page of users, already checked (fields from the allow-list, values of the field's kind).
 * - search: the literal value (no wildcards), case-insensitive, on email or name;
 * - filter: eq/ne exact (`ne` also matches an empty column), lt..gte compare (an empty column
 *   never matches), contains is a case-insensitive substring of a text column;
 * - sort: empty columns last in both directions, then by id, so pages never overlap.
 */
export interface UserListQuery {
  search: { field: SearchField; operator: SearchOperator; value: string } | null;
  filter: { field: UserListField; operator: FilterOperator; value: UserListValue } | null;
  sort: { field: UserListField; direction: SortDirection };
  /**
   * Keyset paging: only the users after this one in the sort order (its sort value, null for an
   * empty column, and its id), so a deep page costs what the first does. `offset` is 0 with it.
   */
  after: UserListPosition | null;
  limit: number;
  offset: number;
}

/** A user's place in a sort order: the sort column's value and the id that breaks ties. */
export interface UserListPosition {
  value: UserListValue | null;
  id: string;
}

/** The admin's view of all users: listing at scale and removal with one winner. */
export interface AdminUserDirectory {
  /** One page and the number of users matching the same search and filter. */
  list(query: UserListQuery): Promise<{ users: User[]; total: number }>;
  /** Deletes the user with its sessions, accounts and memberships; false when no such user existed. */
  remove(userId: string): Promise<boolean>;
}
