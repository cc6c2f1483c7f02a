// Fresh, migrated databases for tests: each call gets its own, so test files never share state.
// PGlite: migrated once, then every database starts from that dump. PostgreSQL: migrated once
// into a template database, then every database is a `CREATE DATABASE … TEMPLATE` copy.
import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

async function createPgliteDatabase(): Promise<DatabaseHandle> {
  pgliteDump ??= migratedPgliteDump();
  return openDatabase({ kind: 'pglite', loadDataDir: await pgliteDump });
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
