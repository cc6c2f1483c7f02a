// What running the database in production needs beside queries: a bounded health check, the
// migrations not yet applied, the errors that mean "the database is away" (not "the query is
// wrong"), and advisory locks so that one instance of several does a periodic job.
import type pg from 'pg';
import type { Migration } from './migrate.js';

/** Settles like `work`, or rejects after `ms`; a late rejection of `work` is swallowed. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the names of the applied migrations (an empty list when the history table is missing). */
export type AppliedMigrations = () => Promise<string[]>;

/**
 * The migrations of `expected` the database has not applied yet, by name. Once none are
 * pending the answer stays empty for this process without asking again: the migrations on
 * disk do not change while it runs, and applied ones are never taken back.
 */
export function pendingMigrations(expected: () => Migration[], applied: AppliedMigrations): () => Promise<string[]> {
  let upToDate = false;
  let migrations: Migration[] | undefined;
  return async () => {
    if (upToDate) return [];
    const done = new Set(await applied());
    const pending = (migrations ??= expected())
      .map((migration) => migration.name)
      .filter((name) => !done.has(name));
    upToDate = pending.length === 0;
    return pending;
  };
}

export const APPLIED_MIGRATIONS_SQL =
  'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL';

/** The applied migration names from the history table's rows; a missing table means none. */
export async function appliedMigrationNames(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<string[]> {
  try {
    return (await query(APPLIED_MIGRATIONS_SQL)).map((row) => String(row.migration_name));
  } catch (error) {
    if ((error as { code?: unknown }).code === '42P01') return [];
    throw error;
  }
}

/** What `withAdvisoryLock` did: ran the work (with its result), or found the lock taken. */
export type LockOutcome<T> = { ran: true; value: T } | { ran: false };

export interface AdvisoryLockOptions {
  /** Wait for the lock (true) or give up at once when another session holds it (false, the default). */
  wait?: boolean;
}

/**
 * Runs `work` while this process holds the session-level advisory lock `key` on a connection
 * of its own. The lock is released after the work, or by PostgreSQL itself when that
 * connection dies; a connection whose unlock failed is destroyed, never returned to the pool
 * still holding the lock.
 */
export async function pgAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>, { wait = false }: AdvisoryLockOptions = {}): Promise<LockOutcome<T>> {
  const client = await pool.connect();
  let held = false;
  let broken: Error | undefined;
  try {
    if (wait) {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
      held = true;
    } else {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
      held = rows[0]?.locked === true;
    }
    if (!held) return { ran: false };
    return { ran: true, value: await work() };
  } catch (error) {
    if (!held) broken = error as Error;
    throw error;
  } finally {
    if (held) {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch((error: unknown) => {
        broken = error as Error;
      });
    }
    client.release(broken);
  }
}

// Codes of a database that is away, restarting or overloaded, not of a bad query: socket
// errors, PostgreSQL's admin shutdown / crash / cannot-connect-now (57P01-57P03), too many
// connections (53300), a statement cancelled by the statement timeout (57014), the connection
// exception class (08xxx), and Prisma's "can't reach", "timed out", "connection closed" and
// "pool timeout" codes.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
]);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
// The driver adapters' names for the same failures.
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// node-postgres and pg-pool raise these as plain Errors without a code.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended unexpectedly|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|terminating connection due to administrator command|Can't reach database server|Server has closed the connection/i;

/**
 * True when an error (a driver error, a Prisma error wrapping one, or its causes) says the
 * database cannot be reached right now: the caller should answer 503 and let the client retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (!value || typeof value !== 'object' || depth > 6 || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    for (const key of ['code', 'originalCode']) {
      const code = record[key];
      if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || CONNECTION_EXCEPTION.test(code))) return true;
    }
    if (typeof record.kind === 'string' && UNAVAILABLE_KINDS.has(record.kind)) return true;
    if (typeof record.message === 'string' && UNAVAILABLE_MESSAGE.test(record.message)) return true;
    for (const field of Object.values(record)) if (typeof field === 'object' && visit(field, depth + 1)) return true;
    return visit(record.cause, depth + 1);
  };
  return visit(error, 0);
}
