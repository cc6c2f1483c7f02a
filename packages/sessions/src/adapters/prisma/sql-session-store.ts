import { setImmediate } from 'node:timers';
import type { Database, DatabaseHandle } from '@tend/database';
import { USER_FIELD_NAMES } from '@tend/contracts';
import type { Session } from '../../entities.js';
import type { SessionWithUser } from '../../session-store.port.js';
import { PrismaSessionStore } from './prisma-session-store.js';
import { toSession, toSessionUser } from './records.js';

// Every column of both entities, listed once: the statement is built from these lists (once, at
// start) and the compiler refuses a session list that misses a field of the entity.
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

// The user's columns are the user field table's (@tend/contracts): a field added there is selected here.
const USER_COLUMNS = USER_FIELD_NAMES;

type Covers<T, L extends readonly (keyof T)[]> = [Exclude<keyof T, L[number]>] extends [never] ? true : false;
const COMPLETE: Covers<Session, typeof SESSION_COLUMNS> = true;
void COMPLETE;

/** The user's columns come back as `u.<field>`, beside the session's own names. */
const USER_PREFIX = 'u.';

const SELECT =
  `SELECT ${SESSION_COLUMNS.map((c) => `s."${c}"`).join(', ')}, ` +
  `${USER_COLUMNS.map((c) => `u."${c}" AS "${USER_PREFIX}${c}"`).join(', ')} ` +
  'FROM "session" s JOIN "user" u ON u."id" = s."userId"';

/** The name of the prepared statement on every pooled PostgreSQL connection. */
export const SESSION_BY_TOKEN_STATEMENT = 'tend_session_by_token';

/** One statement: the session of a token joined to its user, by the unique `session.token` index. */
export const SESSION_BY_TOKEN_SQL = `${SELECT} WHERE s."token" = $1`;

/** The same statement for the lookups of one event-loop turn at once (the same index, `= ANY`). */
export const SESSIONS_BY_TOKENS_STATEMENT = 'tend_sessions_by_tokens';
export const SESSIONS_BY_TOKENS_SQL = `${SELECT} WHERE s."token" = ANY($1::text[])`;

/** At most this many tokens in one statement. */
const MAX_BATCH = 256;

type Row = Record<string, unknown>;

interface Waiter {
  resolve(found: SessionWithUser | null): void;
  reject(error: unknown): void;
}

/**
 * The session store of request paths: `findByToken` (every authenticated request) is one
 * prepared SQL statement straight to the driver; every other operation is Prisma's, inherited.
 * Rows are mapped by the same field-by-field functions as the Prisma store, so both answer
 * identical entities (the contract suite compares them).
 *
 * Lookups asked for in the same event-loop turn share one statement (`token = ANY($1)`): under
 * load, the requests read from the sockets in one turn cost one round trip to PostgreSQL instead
 * of one each; alone, a lookup waits for nothing but the end of the current turn.
 */
export class SqlSessionStore extends PrismaSessionStore {
  private pending: Map<string, Waiter[]> | null = null;

  constructor(
    db: Database,
    private readonly sql: DatabaseHandle['sql'],
  ) {
    super(db);
  }

  override findByToken(token: string): Promise<SessionWithUser | null> {
    if (!this.pending) {
      this.pending = new Map();
      // node:timers, not the global: a test faking timers must not freeze every session lookup.
      setImmediate(() => void this.flush());
    }
    const pending = this.pending;
    return new Promise((resolve, reject) => {
      const waiters = pending.get(token);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(token, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const pending = this.pending!;
    this.pending = null;
    const tokens = [...pending.keys()];
    const batches: string[][] = [];
    for (let start = 0; start < tokens.length; start += MAX_BATCH) batches.push(tokens.slice(start, start + MAX_BATCH));
    await Promise.all(batches.map((batch) => this.answer(batch, pending)));
  }

  private async answer(batch: string[], pending: Map<string, Waiter[]>): Promise<void> {
    try {
      const rows =
        batch.length === 1
          ? await this.sql.query<Row>(SESSION_BY_TOKEN_STATEMENT, SESSION_BY_TOKEN_SQL, batch)
          : await this.sql.query<Row>(SESSIONS_BY_TOKENS_STATEMENT, SESSIONS_BY_TOKENS_SQL, [batch]);
      const byToken = new Map(rows.map((row) => [row.token as string, row]));
      for (const token of batch) {
        const row = byToken.get(token);
        // Every caller gets entities of its own: nothing is shared between requests.
        for (const waiter of pending.get(token)!) waiter.resolve(row ? toEntities(row) : null);
      }
    } catch (error) {
      for (const token of batch) for (const waiter of pending.get(token)!) waiter.reject(error);
    }
  }
}

function toEntities(row: Row): SessionWithUser {
  return { session: toSession(row as unknown as Session), user: toSessionUser(row, USER_PREFIX) };
}
