// Micro-benchmark of the admin users table at scale on PostgreSQL: ListUsers on its Prisma
// directory (searched, filtered, sorted pages and their totals) and GET /api/auth/admin/list-users
// through the gateway (contains and starts_with searches on email and name, deep pages by offset
// and by cursor). A fresh database is copied from the test template, seeded with raw SQL
// (100,000 users), and dropped at the end. Runs from the TypeScript sources (under tsx).
//
//   node bench/admin-list-users.mjs
//
//   BENCH_RUNS (100)       timed runs per line, after BENCH_WARMUP (10) untimed ones
//   BENCH_USERS (100000)   users in the table
//   TEST_POSTGRES_URL      the server (default postgresql://postgres@127.0.0.1:5432/postgres)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const size = Number(process.env.BENCH_USERS ?? 100_000);

if (!process.env.TEND_BENCH_SOURCE) {
  const loader = pathToFileURL(join(root, 'apps/gateway/node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--conditions=@tend/source', '--import', loader, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, TEND_BENCH_SOURCE: '1' },
  });
  const [code] = await once(child, 'exit');
  process.exit(code ?? 1);
}

const source = (path) => import(pathToFileURL(join(root, path)).href);
const { createTestDatabase, testPostgresUrl } = await source('packages/database/src/testing/index.ts');
const { ListUsers } = await source('packages/admin/src/index.ts');
const { PrismaAdminUserDirectory } = await source('packages/admin/src/adapters/prisma/index.ts');
const { createGateway, defaultConfig } = await source('apps/gateway/src/index.ts');
const { silentLogger } = await source('packages/kernel/src/index.ts');
const { default: pg } = await import(pathToFileURL(join(root, 'packages/database/node_modules/pg/lib/index.js')).href);

const ADMIN = '00000001-0000-4000-8000-000000000000';
const TOKEN = 'BenchAdminSessionToken0123456789'; // 32 characters, as session tokens are
const idOf = (column) => `lpad(to_hex(${column}), 8, '0') || '-0000-4000-8000-000000000000'`;

/** 100,000 users one second apart, every 50th banned, every 1000th an admin; the first is the caller. */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "user" (id, email, name, "emailVerified", role, banned, "createdAt", "updatedAt")
       SELECT ${idOf('i')}, 'person' || i || '@bench.example', (ARRAY['Ada','Grace','Alan','Edsger','Barbara'])[1 + i % 5] || ' ' || i, true,
              CASE WHEN i = 1 OR i % 1000 = 0 THEN 'admin' ELSE 'user' END, i % 50 = 0, now() - ($1 - i) * interval '1 second', now()
       FROM generate_series(1, $1) AS i`,
      [size],
    );
    await client.query(
      `INSERT INTO session (id, token, "userId", "expiresAt", "createdAt", "updatedAt") VALUES (gen_random_uuid()::text, $1, $2, now() + interval '7 days', now(), now())`,
      [TOKEN, ADMIN],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function time(name, call) {
  for (let i = 0; i < warmup; i += 1) await call();
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  console.log(`${name.padEnd(52)} p50 ${at(0.5).toFixed(2).padStart(7)} ms   p99 ${at(0.99).toFixed(2).padStart(7)} ms`);
}

const db = await createTestDatabase('postgres');
let server;
let gateway;
try {
  const [{ name }] = await db.prisma.$queryRawUnsafe('SELECT current_database() AS name');
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const seeding = performance.now();
  await seed(url.toString());
  console.log(`seeded ${size} users into ${name} in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${runs} runs per line (after ${warmup})`);

  const listUsers = new ListUsers(new PrismaAdminUserDirectory(db.prisma));
  const actor = { userId: ADMIN, role: 'admin', sessionToken: TOKEN, impersonatedBy: null };
  const page = await listUsers.execute({ actor, limit: 100 });
  if (page.total !== size || page.users.length !== 100) throw new Error(`unexpected page: total ${page.total}, ${page.users.length} users`);

  await time('ListUsers, newest page', () => listUsers.execute({ actor, limit: 100 }));
  await time('ListUsers, email starts_with, sorted by email', () =>
    listUsers.execute({ actor, searchValue: 'person42', searchField: 'email', searchOperator: 'starts_with', sortBy: 'email', sortDirection: 'asc', limit: 100 }),
  );
  await time('ListUsers, banned only, sorted by createdAt', () =>
    listUsers.execute({ actor, filterField: 'banned', filterValue: true, filterOperator: 'eq', sortBy: 'createdAt', sortDirection: 'desc', limit: 100 }),
  );
  await time('ListUsers, name contains, page 10', () => listUsers.execute({ actor, searchValue: 'grace 7', searchField: 'name', searchOperator: 'contains', limit: 100, offset: 900 }));

  const config = defaultConfig({ secret: 'bench-secret-bench-secret-bench-secret', baseURL: 'http://127.0.0.1', checkReplies: 'off', passwordScreening: false });
  gateway = createGateway({ config, database: db, logger: silentLogger });
  server = gateway.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}/api/auth/admin/list-users`;
  const get = async (query) => {
    const res = await fetch(`${base}?${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`GET list-users answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  if ((await get('limit=100')).total !== size) throw new Error('the route does not see the seeded users');
  await time('GET /admin/list-users, filtered and sorted', () => get('filterField=role&filterValue=admin&sortBy=email&sortDirection=asc&limit=100'));
  // The searches the indexes of 20261126092218_user_search_indexes serve (docs/performance.md).
  await time('GET, email starts_with person9 (11,111 match)', () => get('searchValue=person9&searchField=email&searchOperator=starts_with&limit=100'));
  await time('GET, email starts_with person42 (1,111 match)', () => get('searchValue=person42&searchField=email&searchOperator=starts_with&limit=100'));
  await time('GET, email contains son4217 (11 match)', () => get('searchValue=son4217&searchField=email&searchOperator=contains&limit=100'));
  await time('GET, name contains 4217 (11 match)', () => get('searchValue=4217&searchField=name&searchOperator=contains&limit=100'));
  await time('GET, name starts_with grace 42 (222 match)', () => get('searchValue=grace%2042&searchField=name&searchOperator=starts_with&limit=100'));
  await time('GET, name contains grace 7 (2,222 match)', () => get('searchValue=grace%207&searchField=name&searchOperator=contains&limit=100'));
  // Deep pages: offset skips every row before the page; a cursor seeks to it.
  const deep = size - 200;
  const { nextCursor } = await get(`limit=100&offset=${deep - 100}`);
  await time(`GET, newest first, offset ${deep}`, () => get(`limit=100&offset=${deep}`));
  await time(`GET, newest first, cursor at the same depth`, () => get(`limit=100&cursor=${nextCursor}`));
} finally {
  if (server) await new Promise((resolve) => server.close(resolve));
  await gateway?.close();
  await db.close();
}
