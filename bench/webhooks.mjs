// Webhooks off the request path (issue 34): 1,000 sign-ups against the built gateway on
// PostgreSQL without webhooks, then 1,000 with a webhook subscribed to every event whose receiver
// never answers (a TCP server that accepts and stays silent: each attempt waits the whole
// AUTH_WEBHOOK_TIMEOUT_MS). Each gateway has its own fresh database; the two runs alternate
// (without, with, without, with) and the ratio compares the sums, because these machines are
// noisy. Sign-up must stay within 5% of its speed without webhooks. docs/performance.md, Webhooks.
//
//   node bench/webhooks.mjs            (run `pnpm build` first)
//
//   BENCH_SIGN_UPS (1000)     sign-ups per run
//   BENCH_CONCURRENCY (8)     sign-ups in flight at once
//   BENCH_ROUNDS (2)          rounds of (without, with)
//   BENCH_POSTGRES_URL        the server to create the bench databases on
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDatabase, root, Server, stopAll } from './lib.mjs';

const signUps = Number(process.env.BENCH_SIGN_UPS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const origin = 'http://127.0.0.1';
const dist = join(root, 'apps/gateway/dist/main.js');
if (!existsSync(dist)) throw new Error('apps/gateway/dist/main.js is missing: run `pnpm build` first');

const servers = [];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function gateway(name, databaseUrl) {
  const port = await freePort();
  const url = `${origin}:${port}`;
  const server = new Server(
    name,
    [dist],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      AUTH_BASE_URL: url,
      DATABASE_URL: databaseUrl,
      AUTH_RATE_LIMIT: 'off',
      AUTH_SEND_VERIFICATION_ON_SIGN_UP: 'off',
      AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'on',
      // Hashing at normal priority: on a shared machine the default (nice 19) starves sign-ups.
      AUTH_HASH_PRIORITY: process.env.AUTH_HASH_PRIORITY ?? 'normal',
    },
    { cwd: join(root, 'apps/gateway'), readyUrl: `${url}/api/auth/ok` },
  );
  servers.push(server);
  await server.ready;
  return url;
}

const post = (url, path, body, cookie) =>
  fetch(`${url}/api/auth${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

/** A webhook subscribed to every event, to `receiver`, made by an admin (its role set in the database). */
async function subscribe(url, databaseUrl, receiver) {
  const email = `admin.${Date.now()}@bench.example`;
  const signedUp = await post(url, '/sign-up/email', { name: 'Admin', email, password: 'bench password 1' });
  const { user } = await signedUp.json();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`UPDATE "user" SET role = 'admin' WHERE id = $1`, [user.id]);
  await db.end();
  const cookie = signedUp.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const events = (await (await fetch(`${url}/api/auth/admin/webhooks/events`, { headers: { cookie } })).json()).events.map((event) => event.type);
  const created = await post(url, '/admin/webhooks/create', { url: receiver, events }, cookie);
  if (created.status !== 200) throw new Error(`webhook not created: ${created.status} ${await created.text()}`);
}

/** `signUps` sign-ups, `concurrency` at a time: the wall time and each one's latency. */
async function burst(url, label) {
  let next = 0;
  const latencies = [];
  const started = performance.now();
  const client = async () => {
    while (next < signUps) {
      const n = next++;
      const at = performance.now();
      const res = await post(url, '/sign-up/email', { name: `User ${n}`, email: `${label}.${n}.${Math.random().toString(36).slice(2)}@bench.example`, password: 'bench password 1' });
      if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
      await res.arrayBuffer();
      latencies.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  latencies.sort((a, b) => a - b);
  return { ms: performance.now() - started, p50: latencies[Math.floor(latencies.length * 0.5)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}

// A receiver that accepts connections and never answers.
const silent = createServer(() => undefined);
await new Promise((resolve) => silent.listen(0, '127.0.0.1', resolve));
const receiver = `http://127.0.0.1:${silent.address().port}/never`;

try {
  const plainDb = await freshDatabase(adminUrl, 'tend_bench_webhooks_off');
  const hookedDb = await freshDatabase(adminUrl, 'tend_bench_webhooks_on');
  const [plain, hooked] = await Promise.all([gateway('without webhooks', plainDb), gateway('with a dead receiver', hookedDb)]);
  await subscribe(hooked, hookedDb, receiver);
  // warm-up: 50 sign-ups each
  for (const url of [plain, hooked]) await burstOf(url, 'warm', 50);
  const totals = { without: 0, with: 0 };
  for (let round = 1; round <= rounds; round += 1) {
    for (const [key, url] of [['without', plain], ['with', hooked]]) {
      const run = await burst(url, `${key}${round}`);
      totals[key] += run.ms;
      console.log(`round ${round} ${key.padEnd(7)} webhooks: ${signUps} sign-ups in ${(run.ms / 1000).toFixed(2)} s (${((signUps / run.ms) * 1000).toFixed(1)}/s), p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms`);
    }
  }
  const db = new pg.Client({ connectionString: hookedDb });
  await db.connect();
  const { rows } = await db.query(`SELECT status, count(*)::int AS n, max(attempts) AS attempts FROM webhook_delivery GROUP BY status`);
  await db.end();
  console.log(`deliveries queued with the dead receiver: ${rows.map((row) => `${row.n} ${row.status} (attempts ≤ ${row.attempts})`).join(', ')}`);
  const ratio = totals.with / totals.without;
  console.log(`sign-up time with a receiver that never answers / without webhooks: ${ratio.toFixed(3)} (${ratio <= 1.05 ? 'within' : 'NOT within'} 5%)`);
} catch (error) {
  for (const server of servers) console.error(`--- ${server.name} (exit ${server.child.exitCode ?? server.child.signalCode ?? 'running'})\n${server.output}`);
  throw error;
} finally {
  await stopAll();
  silent.close();
}

async function burstOf(url, label, count) {
  for (let n = 0; n < count; n += 1) await post(url, '/sign-up/email', { name: 'Warm', email: `${label}.${n}.${Math.random().toString(36).slice(2)}@bench.example`, password: 'bench password 1' }).then((res) => res.arrayBuffer());
}
