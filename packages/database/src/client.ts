import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';
import { migrate, readMigrations, type SqlRunner } from './migrate.js';
import { appliedMigrationNames, pendingMigrations, pgAdvisoryLock, withTimeout, type AdvisoryLockOptions, type LockOutcome } from './operations.js';
import { pgliteSql, pgSql, type SqlHandle } from './sql.js';

export type Database = PrismaClient;
export type { Prisma } from './generated/prisma/client.js';

/** Where the data lives: a PostgreSQL URL, or the embedded PGlite (a directory, or memory). */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; /** An open PGlite to use (tests reuse one); the handle's close closes it. */ instance?: PGlite };

export interface DatabaseHandle {
  readonly prisma: Database;
  readonly kind: DatabaseTarget['kind'];
  /**
   * The driver itself, for the hot statements of request paths that Prisma's per-query work
   * slows (the session lookup); same pool / same embedded database as `prisma`.
   */
  readonly sql: SqlHandle;
  /** Applies pending migrations of prisma/migrations. */
  migrate(): Promise<string[]>;
  /** Runs raw SQL (several statements allowed); for tools and tests, never for request paths. */
  exec(sql: string): Promise<void>;
  /** Dumps the embedded database (PGlite only). */
  dump?(): Promise<Blob>;
  /** `SELECT 1` within `timeoutMs` (default 1 s): rejects when the database cannot answer. */
  ping(timeoutMs?: number): Promise<void>;
  /** The names of the migrations on disk not yet applied (empty once up to date). */
  migrationsPending(): Promise<string[]>;
  /**
   * Runs `work` under the advisory lock `key`, so one instance of several does it. By default
   * it does not wait: when another session holds the lock it answers `{ ran: false }`. On PGlite
   * (one process) the work just runs.
   */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>, options?: AdvisoryLockOptions): Promise<LockOutcome<T>>;
  close(): Promise<void>;
}

/**
 * Pool settings that fail fast while PostgreSQL is away or saturated, instead of letting
 * requests hang: a new connection (or a free one from a full pool) within 2 s, no statement
 * longer than 15 s, no transaction left idle for 30 s holding its locks, and TCP keep-alive so a
 * silently dropped connection is noticed. The pool replaces broken connections by itself.
 */
export const POOL_SETTINGS = {
  connectionTimeoutMillis: 2_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
} as const;

/** Opens the database the target names; nothing is migrated until `migrate()` is called. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize) : openPglite(target);
}

function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POOL_SETTINGS.connectionTimeoutMillis,
    statement_timeout: POOL_SETTINGS.statementTimeoutMs,
    idle_in_transaction_session_timeout: POOL_SETTINGS.idleInTransactionTimeoutMs,
    keepAlive: true,
  });
  // pg-pool drops a broken idle client by itself; without a listener its 'error' event
  // (a server restart, a dropped test database) would crash the process.
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const runner: SqlRunner = {
    async exec(sql) {
      await pool.query(sql);
    },
    async query(sql, params) {
      return (await pool.query(sql, params as unknown[])).rows;
    },
    async withLock(work) {
      // One migrator at a time across every gateway instance on this database.
      const client = await pool.connect();
      try {
        // Migrations (and waiting for another migrator) may take longer than a request may.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock(72707369)');
        return await work({
          exec: async (sql) => void (await client.query(sql)),
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        });
      } finally {
        await client.query('SELECT pg_advisory_unlock(72707369)').catch(() => undefined);
        await client.query('RESET statement_timeout').catch(() => undefined);
        client.release();
      }
    },
  };
  return {
    prisma,
    kind: 'postgres',
    sql: pgSql(pool),
    migrate: () => migrate(runner),
    exec: runner.exec,
    ping: async (timeoutMs = 1_000) => void (await withTimeout(pool.query('SELECT 1'), timeoutMs, 'database ping')),
    migrationsPending: pendingMigrations(readMigrations, () => appliedMigrationNames(runner.query)),
    withAdvisoryLock: (key, work, options) => pgAdvisoryLock(pool, key, work, options),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob; instance?: PGlite }): Promise<DatabaseHandle> {
  // Loaded only here: a gateway on PostgreSQL never pays PGlite's ~10 MB and its load time.
  const [{ PGlite: Engine }, { PrismaPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('pglite-prisma-adapter')]);
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = target.instance ?? (await Engine.create(target.dataDir, target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const runner: SqlRunner = {
    async exec(sql) {
      await pglite.exec(sql);
    },
    async query(sql, params) {
      return (await pglite.query<Record<string, unknown>>(sql, params as unknown[])).rows;
    },
    // PGlite is a single connection inside this process: nothing else can migrate at once.
    withLock: (work) => work(runner),
  };
  return {
    prisma,
    kind: 'pglite',
    sql: pgliteSql(pglite),
    migrate: () => migrate(runner),
    exec: runner.exec,
    ping: async (timeoutMs = 1_000) => void (await withTimeout(pglite.query('SELECT 1'), timeoutMs, 'database ping')),
    migrationsPending: pendingMigrations(readMigrations, () => appliedMigrationNames(runner.query)),
    // One process owns the embedded database: there is no other instance to exclude.
    withAdvisoryLock: async (_key, work) => ({ ran: true, value: await work() }),
    async dump() {
      return (await pglite.dumpDataDir('none')) as Blob;
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
