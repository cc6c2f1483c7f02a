// Micro-benchmark of one page of a large organization's members on PostgreSQL: the ListMembers
// use case on its Prisma adapter, and GET /api/auth/organization/list-members through the gateway.
// A fresh database is copied from the test template (as @tend/database/testing does), seeded with
// raw SQL through `pg` (bench/organization-seed.mjs: 10,000 users, one organization with all of
// them as members), and dropped at the end; the member searches of issue 32 besides the pages.
// Runs from the TypeScript sources (it starts itself again under tsx).
//
//   node bench/organizations-list-members.mjs
//
//   BENCH_RUNS (200)       timed runs per line, after BENCH_WARMUP (20) untimed ones
//   BENCH_MEMBERS (10000)  members of the organization
//   TEST_POSTGRES_URL      the server (default postgresql://postgres@127.0.0.1:5432/postgres)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { URLSearchParams, fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 200);
const warmup = Number(process.env.BENCH_WARMUP ?? 20);
const size = Number(process.env.BENCH_MEMBERS ?? 10_000);

if (!process.env.TEND_BENCH_SOURCE) {
  // The packages are TypeScript: run this file again with tsx and the workspace's source condition.
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
const { ListMembers } = await source('packages/organizations/src/index.ts');
const { prismaOrganizationStores } = await source('packages/organizations/src/adapters/prisma/index.ts');
const { createGateway, defaultConfig } = await source('apps/gateway/src/index.ts');
const { silentLogger } = await source('packages/kernel/src/index.ts');
const { BENCH_ORGANIZATION: ORGANIZATION, BENCH_OWNER, BENCH_OWNER_EMAIL, BENCH_TOKEN: TOKEN, MEMBER_SEARCHES, seedOrganization } = await import(
  pathToFileURL(join(root, 'bench/organization-seed.mjs')).href
);

/** p50, p99 and mean of `runs` timed calls, after `warmup` untimed ones. */
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
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(`${name.padEnd(60)} p50 ${at(0.5).toFixed(2).padStart(7)} ms   p99 ${at(0.99).toFixed(2).padStart(7)} ms   mean ${mean.toFixed(2).padStart(7)} ms`);
}

const db = await createTestDatabase('postgres');
let server;
let gateway;
try {
  const [{ name }] = await db.prisma.$queryRawUnsafe('SELECT current_database() AS name');
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const seeding = performance.now();
  await seedOrganization(url.toString(), size);
  console.log(`seeded ${size} members into ${name} in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${runs} runs per line (after ${warmup})`);

  const listMembers = new ListMembers(prismaOrganizationStores(db.prisma));
  const actor = { userId: BENCH_OWNER, email: BENCH_OWNER_EMAIL, sessionToken: TOKEN, activeOrganizationId: ORGANIZATION };
  const first = await listMembers.execute({ actor, organizationId: ORGANIZATION, limit: 100 });
  if (first.total !== size || first.members.length !== 100) throw new Error(`unexpected page: total ${first.total}, ${first.members.length} members`);

  await time('ListMembers, first page (limit 100)', () => listMembers.execute({ actor, limit: 100 }));
  await time(`ListMembers, last page (offset ${size - 100})`, () => listMembers.execute({ actor, limit: 100, offset: size - 100 }));
  await time('ListMembers, sorted by role (desc)', () => listMembers.execute({ actor, limit: 100, sortBy: 'role', sortDirection: 'desc' }));
  // Member search (issue 32): the total of each search, then its first page.
  for (const [title, query] of MEMBER_SEARCHES) {
    const input = Object.fromEntries(new URLSearchParams(query));
    const { total } = await listMembers.execute({ actor, ...input });
    await time(`ListMembers, ${title}, ${total} match`, () => listMembers.execute({ actor, ...input }));
  }

  const config = defaultConfig({ secret: 'bench-secret-bench-secret-bench-secret', baseURL: 'http://127.0.0.1', checkReplies: 'off', passwordScreening: false });
  gateway = createGateway({ config, database: db, logger: silentLogger });
  server = gateway.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}/api/auth/organization/list-members`;
  const get = async (query) => {
    const res = await fetch(`${base}?${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`GET list-members answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  if ((await get('limit=100')).total !== size) throw new Error('the route does not see the seeded members');
  await time('GET /organization/list-members, first page', () => get('limit=100'));
  await time(`GET /organization/list-members, last page`, () => get(`limit=100&offset=${size - 100}`));
  for (const [title, query] of MEMBER_SEARCHES) {
    const { total } = await get(query);
    await time(`GET, ${title}, ${total} match`, () => get(query));
  }
} finally {
  if (server) await new Promise((resolve) => server.close(resolve));
  await gateway?.close();
  await db.close();
}
