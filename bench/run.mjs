// Load benchmark of the built gateway on PostgreSQL (run `pnpm build` first; `pnpm bench`).
// Every server runs in its own process; autocannon drives them from this one. Each result is
// printed with its ratio to a bare Express endpoint measured in the same run, because these
// machines are noisy: compare ratios, not absolute numbers.
import { spawn } from 'node:child_process';
import { scrypt } from 'node:crypto';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from '../packages/database/node_modules/pg/lib/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const dbName = 'tend_bench';
const origin = 'http://127.0.0.1';
const children = new Set();

function start(script, env) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function run(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** Warms the server up (JIT, pools, query plans) for 2 s, then measures. */
async function load(title, options) {
  await run({ connections, duration: 2, ...options });
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0) return reject(new Error(`${title}: ${result.non2xx} non-2xx answers`));
      resolve({ title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

async function resetDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

async function gateway(port, databaseUrl, extraEnv = {}) {
  const child = start(join(root, 'apps/gateway/dist/main.js'), {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    AUTH_BASE_URL: `${origin}:${port}`,
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT: 'off',
    ...extraEnv,
  });
  child.stdout.resume();
  await waitFor(`${origin}:${port}/api/auth/ok`);
  return child;
}

/** scrypt with the gateway's parameters, as many at once as the thread pool runs: the ceiling for sign-in. */
async function nativeScryptRate(seconds = 4) {
  const derive = promisify(scrypt);
  const params = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await derive('correct horse battery', '00112233445566778899aabbccddeeff', 64, params);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return done / seconds;
}

const format = (r, base) =>
  `${r.title.padEnd(42)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms` +
  (base ? `  | ${(r.rps / base.rps).toFixed(2)}x bare rate, p50 ${(r.p50 / Math.max(base.p50, 1)).toFixed(1)}x` : '');

async function main() {
  console.log(`Tend gateway benchmark: ${connections} connections, ${duration} s each, ${cpus().length} cores, Node ${process.version}`);
  const databaseUrl = await resetDatabase();

  const bare = start(join(root, 'bench/bare-express.mjs'), { PORT: '4600' });
  bare.stdout.resume();
  await waitFor(`${origin}:4600/`);
  const base = await load('bare Express GET / (JSON)', { url: `${origin}:4600/` });
  await stop(bare);
  console.log(format(base));

  let server = await gateway(4601, databaseUrl);
  const signUp = await fetch(`${origin}:4601/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: 'bench password 1' }),
  });
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const results = [];
  results.push(await load('gateway GET /get-session (cookie, PostgreSQL)', { url: `${origin}:4601/api/auth/get-session`, headers: { cookie } }));
  results.push(await load('gateway GET /get-session (no session)', { url: `${origin}:4601/api/auth/get-session` }));
  const signIn = await load('gateway POST /sign-in/email (scrypt)', {
    url: `${origin}:4601/api/auth/sign-in/email`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench password 1' }),
  });
  await stop(server);
  for (const r of results) console.log(format(r, base));
  const scryptRate = await nativeScryptRate();
  console.log(format(signIn) + `  | ${(signIn.rps / scryptRate).toFixed(2)}x native scrypt rate (${scryptRate.toFixed(0)} hashes/s)`);

  // The limiter's cost on get-session, per storage, as a ratio to no limiter.
  const limiter = [];
  for (const storage of ['memory', 'database', 'redis']) {
    server = await gateway(4602, databaseUrl, {
      AUTH_RATE_LIMIT: 'on',
      AUTH_RATE_LIMIT_STORAGE: storage,
      AUTH_RATE_LIMIT_MAX: '1000000000',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    limiter.push(await load(`get-session, rate limit on ${storage}`, { url: `${origin}:4602/api/auth/get-session`, headers: { cookie } }));
    await stop(server);
  }
  // The cookie cache (AUTH_COOKIE_CACHE=on) answers get-session from the signed cookie: no query.
  server = await gateway(4603, databaseUrl, { AUTH_COOKIE_CACHE: 'on' });
  const cachedSignIn = await fetch(`${origin}:4603/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench password 1' }),
  });
  const cachedCookie = cachedSignIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const cached = await load('get-session, cookie cache on', { url: `${origin}:4603/api/auth/get-session`, headers: { cookie: cachedCookie } });
  await stop(server);
  console.log(format(cached, base));

  const reference = results[0];
  for (const r of limiter) console.log(format(r, base) + `  | ${(r.rps / reference.rps).toFixed(2)}x no-limiter rate`);
}

const cleanup = async () => Promise.all([...children].map(stop));
main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
