// Two deploys migrating one empty database at the same moment (two `pnpm db:migrate`, or two
// gateways starting): the advisory lock lets one apply every migration and the other find nothing
// left to do; each migration is recorded once.
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { repo } from '../harness/nginx';
import { startChild } from '../harness/processes';
import { createDatabase, databaseUrl, dropDatabase, psql } from '../harness/services';

const cli = path.join(repo, 'packages', 'database', 'dist', 'cli.js');
const migrationNames = readdirSync(path.join(repo, 'prisma', 'migrations'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(repo, 'prisma', 'migrations', entry.name, 'migration.sql')))
  .map((entry) => entry.name)
  .sort();

describe('concurrent migrations (packages/database/dist/cli.js)', () => {
  let database: string;

  beforeAll(() => {
    if (!existsSync(cli)) throw new Error(`${path.relative(repo, cli)} is missing: run \`pnpm build\` first (pnpm test does)`);
    database = createDatabase('migrate');
  });

  afterAll(() => {
    if (database) dropDatabase(database);
  });

  it('applies every migration once when two runs start together on an empty database', async () => {
    const env = { PATH: process.env.PATH, DATABASE_URL: databaseUrl(database) };
    const runs = [startChild('migrate-1', process.execPath, [cli], { cwd: repo, env }), startChild('migrate-2', process.execPath, [cli], { cwd: repo, env })];
    const ended = await Promise.all(runs.map((run) => run.exited));
    const outputs = runs.map((run) => run.output.join('').trim());

    expect(ended).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    // One applied them all; the other waited on the lock and found the database up to date.
    expect(outputs.sort()).toEqual([`Applied ${migrationNames.join(', ')}`, 'Database is up to date.'].sort());
    const recorded = psql('SELECT migration_name, count(*) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL GROUP BY migration_name ORDER BY migration_name', database);
    expect(recorded).toEqual(migrationNames.map((name) => [name, '1']));
  }, 60_000);
});
