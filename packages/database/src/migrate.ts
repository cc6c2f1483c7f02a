import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The raw SQL the migrator needs; each database kind provides one. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  withLock<T>(work: (runner: Omit<SqlRunner, 'withLock'>) => Promise<T>): Promise<T>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** prisma/migrations at the repository root (the same folder from src/ and from dist/). */
export const defaultMigrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'prisma', 'migrations');

/** The migrations of a Prisma migrations folder, oldest first. */
export function readMigrations(dir = defaultMigrationsDir): Migration[] {
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

// Prisma's own history table, so `prisma migrate status` reads a history we wrote as clean.
const HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies every migration not yet recorded, each in its own transaction, under a lock.
 * Returns the names applied. A migration whose recorded checksum differs is an error: the
 * history was edited after it ran.
 */
export async function migrate(runner: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  return runner.withLock(async (locked) => {
    await locked.exec(HISTORY_TABLE);
    const rows = await locked.query(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((row) => [String(row.migration_name), String(row.checksum)]));
    const done: string[] = [];
    for (const migration of migrations) {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied`);
        }
        continue;
      }
      await locked.exec(`BEGIN;\n${migration.sql}\n;
        INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
        VALUES ('${randomUUID()}', '${migration.checksum}', now(), '${migration.name.replace(/'/g, "''")}', 1);
        COMMIT;`).catch(async (error: unknown) => {
        await locked.exec('ROLLBACK').catch(() => undefined);
        throw error;
      });
      done.push(migration.name);
    }
    return done;
  });
}
