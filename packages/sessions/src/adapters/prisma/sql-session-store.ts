import type { Database, DatabaseHandle } from '@tend/database';
import { toSession, toUser } from '@tend/database';
import type { Session, User } from '@tend/kernel';
import type { SessionWithUser } from '../../session-store.port.js';
import { PrismaSessionStore } from './prisma-session-store.js';

// Every column of both entities, listed once: the statement is built from these lists and the
// compiler refuses a list that misses a field of the entity.
const SESSION_COLUMNS = [
  'id',
  'token',
  'userId',
  'expiresAt',
  'ipAddress',
  'userAgent',
  'impersonatedBy',
  'activeOrganizationId',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Session)[];

const USER_COLUMNS = [
  'id',
  'email',
  'emailVerified',
  'name',
  'image',
  'createdAt',
  'updatedAt',
  'age',
  'bio',
  'gender',
  'location',
  'isPremium',
  'notification',
  'tokenBalance',
  'stripeCustomerId',
  'username',
  'displayUsername',
  'role',
  'banned',
  'banReason',
  'banExpires',
] as const satisfies readonly (keyof User)[];

type Covers<T, L extends readonly (keyof T)[]> = [Exclude<keyof T, L[number]>] extends [never] ? true : false;
const COMPLETE: [Covers<Session, typeof SESSION_COLUMNS>, Covers<User, typeof USER_COLUMNS>] = [true, true];
void COMPLETE;

/** The user's columns come back as `u.<field>`, beside the session's own names. */
const USER_PREFIX = 'u.';

/** The name of the prepared statement on every pooled PostgreSQL connection. */
export const SESSION_BY_TOKEN_STATEMENT = 'tend_session_by_token';

/** One statement: the session of a token joined to its user, by the unique `session.token` index. */
export const SESSION_BY_TOKEN_SQL =
  `SELECT ${SESSION_COLUMNS.map((c) => `s."${c}"`).join(', ')}, ` +
  `${USER_COLUMNS.map((c) => `u."${c}" AS "${USER_PREFIX}${c}"`).join(', ')} ` +
  'FROM "session" s JOIN "user" u ON u."id" = s."userId" WHERE s."token" = $1';

type Row = Record<string, unknown>;

/**
 * The session store of request paths: `findByToken` (every authenticated request) is one
 * prepared SQL statement straight to the driver; every other operation is Prisma's, inherited.
 * Rows are mapped by the same field-by-field functions as the Prisma store, so both answer
 * identical entities (the contract suite compares them).
 */
export class SqlSessionStore extends PrismaSessionStore {
  constructor(
    db: Database,
    private readonly sql: DatabaseHandle['sql'],
  ) {
    super(db);
  }

  override async findByToken(token: string): Promise<SessionWithUser | null> {
    const [row] = await this.sql.query<Row>(SESSION_BY_TOKEN_STATEMENT, SESSION_BY_TOKEN_SQL, [token]);
    if (!row) return null;
    const user: Row = {};
    for (const column of USER_COLUMNS) user[column] = row[USER_PREFIX + column];
    return { session: toSession(row as unknown as Session), user: toUser(user as unknown as User) };
  }
}
