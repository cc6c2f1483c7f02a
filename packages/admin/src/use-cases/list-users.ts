import { isAuthError, silentLogger, type Logger } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { Actor } from '../actor.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminUserDirectory } from '../user-directory.port.js';
import { encodeCursor, userListQuery, type ListUsersQueryInput } from '../user-list-query.js';

export interface ListUsersInput extends ListUsersQueryInput {
  actor: Actor;
}

export interface ListUsersResult {
  users: User[];
  /** Users matching the search and filter, across all pages. */
  total: number;
  limit: number;
  offset: number;
  /** Keyset paging: pass it as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/**
 * GET /admin/list-users: needs user list. Pages of at most 100 (default 100), newest first
 * unless sortBy says otherwise. A bad field or value is 400 Invalid query parameters; a failure
 * of the store answers an empty page with total 0, as the spec says (and is logged).
 */
export class ListUsers {
  private readonly config: AdminConfig;

  constructor(
    private readonly directory: AdminUserDirectory,
    config: Partial<AdminConfig> = {},
    private readonly logger: Logger = silentLogger,
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: ListUsersInput): Promise<ListUsersResult> {
    authorizeAdmin(input.actor, 'list-users', this.config);
    const query = userListQuery(input);
    try {
      // One user more than the page says whether another page follows.
      const { users, total } = await this.directory.list({ ...query, limit: query.limit + 1 });
      const page = users.slice(0, query.limit);
      const nextCursor = users.length > query.limit ? encodeCursor(query.sort, page[page.length - 1]!) : null;
      return { users: page, total, limit: query.limit, offset: query.offset, nextCursor };
    } catch (error) {
      if (isAuthError(error)) throw error;
      this.logger.error('admin list-users failed', { error: error instanceof Error ? error.message : String(error) });
      return { users: [], total: 0, limit: query.limit, offset: query.offset, nextCursor: null };
    }
  }
}
