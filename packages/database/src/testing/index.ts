// Fresh, migrated databases for tests: each call gets its own, so test files never share state.
// PGlite: migrated once, then every database starts from that dump; one a test closes is emptied
// and handed to the next call of the same test file. PostgreSQL: migrated once into a template
// database, then every database is a `CREATE DATABASE … TEMPLATE` copy.
import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../client.js';
import { readMigrations } from '../migrate.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The PostgreSQL server tests use (trust auth on this machine and in CI). */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Every database kind contract tests run against; `TEST_POSTGRES=off` leaves PostgreSQL out. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_POSTGRES === 'off' ? ['pglite'] : ['pglite', 'postgres'];
}

/** The kind the HTTP tests of this run use: `TEST_DATABASE`, or the jest project's global. */
export function selectedTestDatabase(): TestDatabaseKind {
  const chosen = (globalThis as { TEST_DATABASE?: string }).TEST_DATABASE ?? process.env.TEST_DATABASE ?? 'pglite';
  if (chosen !== 'pglite' && chosen !== 'postgres') throw new Error(`Unknown TEST_DATABASE ${chosen}`);
  return chosen;
}

const fingerprint = createHash('sha256')
  .update(readMigrations().map((m) => m.checksum).join(','))
  .digest('hex')
  .slice(0, 12);

export async function createTestDatabase(kind: TestDatabaseKind = selectedTestDatabase()): Promise<DatabaseHandle> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

let pgliteDump: Promise<Blob> | undefined;

async function migratedPgliteDump(): Promise<Blob> {
  const file = join(tmpdir(), `tend-pglite-${fingerprint}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await openDatabase({ kind: 'pglite' });
  await db.migrate();
  const dump = await db.dump!();
  await db.close();
  // Write then rename, so a parallel worker never reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/**
 * PGlite engines this test file's databases left, emptied, for its next test. Starting a PGlite
 * costs seconds (its WASM and the 40 MB data directory of the dump); emptying one, milliseconds.
 * Each test still gets a new handle (its own Prisma client and state) on the engine, which fails
 * as a closed database does once the test closes it. A closed
 * database's engine is kept only when it is as a fresh one would be after emptying its tables:
 * the same tables, indexes and types (none made or dropped by the test) and the same migrations
 * recorded; otherwise it is really closed. The idle ones are closed after the test file (an open
 * PGlite keeps its worker alive), so reuse needs jest's `afterAll` when this module loads.
 */
const idlePglite: Array<{ engine: PGlite; shape: string }> = [];
let fileDone = false;
const reuse = registerAfterAll(async () => {
  // A database closed by a later afterAll of the file is closed for good (see lease).
  fileDone = true;
  for (const { engine } of idlePglite.splice(0)) await engine.close();
});

/** Registers `hook` to run after the test file; false outside jest or when it is too late to. */
function registerAfterAll(hook: () => Promise<void>): boolean {
  const register = (globalThis as { afterAll?: (hook: () => Promise<void>) => void }).afterAll;
  if (typeof register !== 'function') return false;
  try {
    register(hook);
    return true;
  } catch {
    // Loaded inside a test: hooks can no longer be added.
    return false;
  }
}

async function createPgliteDatabase(): Promise<DatabaseHandle> {
  const idle = idlePglite.pop();
  if (idle) return lease(idle.engine, idle.shape);
  pgliteDump ??= migratedPgliteDump();
  const { PGlite: Engine } = await import('@electric-sql/pglite');
  const engine = await Engine.create(undefined, { loadDataDir: await pgliteDump });
  // A dump with rows beyond the migration history (seed data) cannot be restored by emptying.
  if (!reuse || !(await onlyMigrationRows(engine))) return openDatabase({ kind: 'pglite', instance: engine });
  return lease(engine, await shapeOf(engine));
}

async function lease(engine: PGlite, shape: string): Promise<DatabaseHandle> {
  let closed = false;
  // The handle's view of the engine: once closed, it fails as a closed PGlite does (an outage
  // test closes its database under a running gateway), while the engine itself lives on.
  const view = new Proxy(engine, {
    get(target, property) {
      if (property === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return closed ? async () => Promise.reject(new Error('PGlite is closed')) : value.bind(target);
    },
  });
  const db = await openDatabase({ kind: 'pglite', instance: view });
  return {
    ...db,
    async close() {
      if (closed) return;
      closed = true;
      await db.prisma.$disconnect();
      if (!fileDone && (await emptied(engine, shape))) idlePglite.push({ engine, shape });
      else await engine.close();
    },
  };
}

/** The schema objects and migration history of a database, as one string to compare. */
async function shapeOf(engine: PGlite): Promise<string> {
  const { rows } = await engine.query(
    `SELECT
       (SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ',' ORDER BY n.nspname, c.relname)
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema') AS objects,
       (SELECT string_agg(n.nspname || '.' || t.typname, ',' ORDER BY n.nspname, t.typname)
          FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema') AS types,
       (SELECT string_agg(migration_name || ':' || coalesce(checksum, '') || ':' || coalesce(finished_at::text, '') || ':' || coalesce(rolled_back_at::text, ''), ',' ORDER BY migration_name)
          FROM _prisma_migrations) AS migrations`,
  );
  return JSON.stringify(rows[0]);
}

async function userTables(engine: PGlite): Promise<string[]> {
  const { rows } = await engine.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

async function onlyMigrationRows(engine: PGlite): Promise<boolean> {
  const tables = await userTables(engine);
  if (tables.length === 0) return true;
  const { rows } = await engine.query<{ rows: boolean }>(`SELECT ${tables.map((table) => `EXISTS (SELECT 1 FROM ${table})`).join(' OR ')} AS rows`);
  return rows[0]?.rows === false;
}

/** Empties the engine of a database a test is done with, when it can be made as fresh: true if so. */
async function emptied(engine: PGlite, shape: string): Promise<boolean> {
  try {
    if (engine.closed) return false;
    // A transaction the test left open ends here, its changes undone (without one: a warning only).
    await engine.exec('ROLLBACK');
    if ((await shapeOf(engine)) !== shape) return false;
    const tables = await userTables(engine);
    if (tables.length) await engine.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    return true;
  } catch {
    // Broken: not worth saving.
    return false;
  }
}

let template: Promise<string> | undefined;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function migratedTemplate(): Promise<string> {
  const name = `tend_template_${fingerprint}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    // Jest workers race to build the template: one builds it, the rest wait on the lock.
    await admin.query('SELECT pg_advisory_lock(72707370)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const db = await openDatabase({ kind: 'postgres', url: withDatabase(testPostgresUrl, building), poolSize: 1 });
      await db.migrate();
      await db.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(72707370)').catch(() => undefined);
    await admin.end();
  }
  return name;
}

async function createPostgresDatabase(): Promise<DatabaseHandle> {
  template ??= migratedTemplate();
  const source = await template;
  const name = `tend_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  await admin.end();
  const db = await openDatabase({ kind: 'postgres', url: withDatabase(testPostgresUrl, name), poolSize: 5 });
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: testPostgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
