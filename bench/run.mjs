// Load benchmark of the built gateway on PostgreSQL (run `pnpm build` first; `pnpm bench`).
// One run, one process tree: the ceilings (a bare Express endpoint, native scrypt), Tend, and
// better-auth configured the same way on its own database as the peer. Every server runs in its
// own process with bench/probe.mjs loaded (CPU, memory, SQL statements); autocannon drives them
// from this one. Every figure is printed with its ratio to a ceiling of the same run, because
// these machines are noisy: compare ratios, not absolute numbers. See docs/performance.md.
//
//   BENCH_SECONDS (8)      measured seconds per line (after 2 s of warm-up)
//   BENCH_ONLY             groups to run, comma-separated: ceilings,session,password,storm,cache,oauth,
//                          organizations,activity,budget,peer,limiter,pool,webhooks (default all; tend = session,password); the ceilings run
//                          whenever Tend does. E.g. BENCH_ONLY=session BENCH_SECONDS=2: a smoke run
//   BENCH_GATEWAY=source   run the gateway from its TypeScript sources (tsx) instead of dist (or a script path)
//   BENCH_NODE_FLAGS       node flags for the gateway (default: the production image's NODE_OPTIONS, from
//                          the Dockerfile; "" for Node's defaults), e.g. "--max-semi-space-size=2"
//   BENCH_POSTGRES_URL     the server to create the bench databases on
//   BENCH_MEMBERS (10000)  members of the organization the `organizations` group searches
//   BENCH_ACTIVITY (10000) audit events per user the `activity` group pages through
//   AUTH_HASH_CONCURRENCY, AUTH_HASH_QUEUE, DATABASE_POOL_SIZE  passed to the gateway as set
import { spawn } from 'node:child_process';
import { scrypt } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clientCredentials, introspection, oauthEnv, oauthFixture, probeOnce, userinfo } from './oauth.mjs';
import { autocannonRun, cpuDelta, freshDatabase, mb, measuredRun, postgresCpuMs, root, Server, statementCounter, stopAll } from './lib.mjs';
import { BENCH_TOKEN, MEMBER_SEARCHES, seedOrganization } from './organization-seed.mjs';
import { ACTIVITY_TOKEN, seedActivity } from './activity-seed.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ALL_GROUPS = 'ceilings,session,password,storm,cache,oauth,organizations,activity,budget,peer,limiter,pool,webhooks';
const groups = new Set((process.env.BENCH_ONLY ?? ALL_GROUPS).replace('tend', 'session,password').split(','));
const cores = availableParallelism();
// The gateway's hashing budget (AUTH_HASH_CONCURRENCY; default: every core with the default
// low-priority hashers, cores - 1 with AUTH_HASH_PRIORITY=normal; at least 1).
const hashConcurrency = Number(process.env.AUTH_HASH_CONCURRENCY) || Math.max(1, cores - (process.env.AUTH_HASH_PRIORITY === 'normal' ? 1 : 0));
// The budget line compares the former default: one core fewer than the machine has.
const fewerCores = Math.max(1, cores - 1);
const origin = 'http://127.0.0.1';
const password = 'bench password 1';
const json = { 'content-type': 'application/json' };

// The gateway runs as the production image runs it: with the heap limits of the Dockerfile's
// NODE_OPTIONS (docs/performance.md, Memory), unless BENCH_NODE_FLAGS says otherwise.
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const productionNodeOptions = /^ENV .*\bNODE_OPTIONS="([^"]*)"/m.exec(dockerfile)?.[1] ?? '';
const gatewayNodeFlags = (process.env.BENCH_NODE_FLAGS ?? productionNodeOptions).split(' ').filter(Boolean);
// The image's malloc settings (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_), given to the gateway as
// the image does, unless this run's environment sets them.
const productionMalloc = Object.fromEntries(
  ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']
    .map((name) => [name, process.env[name] ?? new RegExp(`\\b${name}=(\\d+)`).exec(dockerfile)?.[1]])
    .filter(([, value]) => value !== undefined),
);

// Idle and peak RSS of the gateway under this benchmark with the image's flags, as issue 30 gave
// them (MB): a week before it was filed, and at its filing. docs/performance.md, Memory.
const MEMORY_BEFORE = { weekEarlier: { idle: 137, peak: 200 }, filed: { idle: 151, peak: 254 } };
const MEMORY_TARGET = { idle: 120, peak: 200 };

// ---------------------------------------------------------------- servers

function tendGateway(port, databaseUrl, env = {}) {
  const choice = process.env.BENCH_GATEWAY ?? 'dist';
  const dist = join(root, 'apps/gateway/dist/main.js');
  if (choice === 'dist' && !existsSync(dist)) throw new Error('apps/gateway/dist/main.js is missing: run `pnpm build` first (or BENCH_GATEWAY=source)');
  const args = [...gatewayNodeFlags, ...(choice === 'source' ? ['--conditions=@tend/source', '--import', 'tsx', 'src/main.ts'] : [choice === 'dist' ? dist : choice])];
  return new Server(
    'tend',
    args,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      AUTH_BASE_URL: `${origin}:${port}`,
      DATABASE_URL: databaseUrl,
      AUTH_RATE_LIMIT: 'off',
      ...productionMalloc,
      ...env,
    },
    { cwd: join(root, 'apps/gateway'), readyUrl: `${origin}:${port}/api/auth/ok` },
  ).ready;
}

function peerServer(port, databaseUrl, env = {}) {
  return new Server(
    'better-auth',
    [join(root, 'bench/peer-better-auth.mjs')],
    { PORT: String(port), DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret', ...env },
    { readyUrl: `${origin}:${port}/api/auth/ok` },
  ).ready;
}

async function peerAvailable() {
  try {
    await import('better-auth');
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- measuring

/** The session cookie of a fresh sign-up (or sign-in) answer. */
function cookieOf(response) {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
}

async function post(port, path, body) {
  const response = await fetch(`${origin}:${port}/api/auth${path}`, { method: 'POST', headers: { ...json, origin: `${origin}:${port}` }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path} on :${port}: ${response.status} ${await response.text()}`);
  return response;
}

const counters = new Map();
// get-session lines spread their requests over this many sessions of the bench user, as real
// traffic does (one session for all would let a batching store answer many lookups with one row).
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 16);

/** Cookies of `n` fresh sessions of the bench user (signed up first when `signUp`). */
async function signInCookies(port, n = SESSIONS, { signUp = false } = {}) {
  const body = { email: 'bench@example.com', password };
  if (signUp) await post(port, '/sign-up/email', { name: 'Bench', ...body });
  return Promise.all(Array.from({ length: n }, async () => cookieOf(await post(port, '/sign-in/email', body))));
}

let benchCookies;

/** The bench user's cookies, through a plain gateway of its own if no line has made them yet (limited servers refuse bursts of sign-ins). */
async function ensureCookies(databaseUrl) {
  if (benchCookies) return benchCookies;
  const server = await tendGateway(4619, databaseUrl);
  await sessionCookies(4619);
  await server.stop();
  return benchCookies;
}

/** The bench user's session cookies, through the gateway on `port` (signed up on first use). */
async function sessionCookies(port) {
  if (benchCookies) return benchCookies;
  const probe = await fetch(`${origin}:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { ...json, origin: `${origin}:${port}` },
    body: JSON.stringify({ email: 'bench@example.com', password }),
  });
  await probe.arrayBuffer();
  benchCookies = await signInCookies(port, SESSIONS, { signUp: !probe.ok });
  return benchCookies;
}

/**
 * Warms up for `warmup` s, then measures `duration` s: rate, latency, and per request the
 * server's CPU (its process, and the PostgreSQL backends of its database) and SQL statements.
 * Waits for the server to go idle first, so no earlier line's backlog is measured here.
 */
async function measure(server, database, title, options, { idleFirst = true } = {}) {
  const connections = options.connections ?? 32;
  if (idleFirst) await settle(server);
  const counter = counters.get(database);
  const snapshot = async () => ({ stats: await server.stats(), sql: await counter?.count(), db: postgresCpuMs(database) });
  const run = await measuredRun({ ...options, connections }, warmup, duration, { onMeasuring: snapshot, onEnd: snapshot });
  const { atStart: before, atEnd: after } = run;
  const requests = Math.max(1, run.ok + run.failed);
  return {
    title,
    connections,
    rps: run.rps,
    p50: run.p50,
    p99: run.p99,
    failed: run.failed,
    cpuMs: (after.stats.cpuMs - before.stats.cpuMs) / requests,
    dbCpuMs: cpuDelta(before.db, after.db) / requests,
    // pg_stat_statements also saw the counter's own query once.
    sql: counter ? (after.sql - before.sql - 1) / requests : (after.stats.statements - before.stats.statements) / requests,
    rss: after.stats.rss,
    peakRss: after.stats.peakRss,
  };
}

/** Waits until the server uses under 10% of a core (queued hashes of the previous line done). */
async function settle(server) {
  let last = (await server.stats()).cpuMs;
  for (let i = 0; i < 300; i += 1) {
    await new Promise((r) => setTimeout(r, 200));
    const now = (await server.stats()).cpuMs;
    if (now - last < 20) return;
    last = now;
  }
}

/** GET /get-session, each request with the next of `cookies` (none: no session). */
function getSession(port, cookies, connections = 32) {
  const url = `${origin}:${port}/api/auth/get-session`;
  if (!cookies) return { url, connections };
  let n = 0;
  return {
    url,
    connections,
    requests: [{ method: 'GET', path: '/api/auth/get-session', setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[(n += 1) % cookies.length] } }) }],
  };
}

function signIn(port, email, connections = 32) {
  return { url: `${origin}:${port}/api/auth/sign-in/email`, method: 'POST', headers: { ...json, origin: `${origin}:${port}` }, body: JSON.stringify({ email, password }), connections };
}

function signUp(port, tag, connections = 32) {
  let n = 0;
  return {
    url: `${origin}:${port}/api/auth/sign-up/email`,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        headers: { ...json, origin: `${origin}:${port}` },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: 'Bench', email: `${tag}-${process.pid}-${(n += 1)}@example.com`, password }) }),
      },
    ],
  };
}

/** get-session at 32 connections while 8 clients sign in with passwords nonstop: the storm. */
async function storm(server, database, port, cookie, email) {
  const solo = await measure(server, database, 'get-session, solo (before the storm)', getSession(port, cookie));
  await settle(server);
  // The sign-ins start first and outlast the get-session line (its warm-up included).
  const signIns = autocannonRun({ ...signIn(port, email, 8), duration: warmup + duration + 2 });
  const during = await measure(server, database, 'get-session during 8 parallel sign-ins', getSession(port, cookie), { idleFirst: false });
  const stormResult = await signIns;
  return { solo, during, signInRps: stormResult.requests.average, signInFailed: stormResult.non2xx };
}

/** scrypt with the gateway's parameters, `parallel` at once: the ceiling for sign-in. */
async function nativeScryptRate(parallel, seconds = 4) {
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
  await Promise.all(Array.from({ length: parallel }, worker));
  return done / seconds;
}

// ---------------------------------------------------------------- printing

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}x` : '-');

function line(r, compare = []) {
  const cells = [
    r.title.padEnd(46),
    `${f0(r.rps).padStart(6)} req/s`,
    `p50 ${f0(r.p50).padStart(4)} ms`,
    `p99 ${f0(r.p99).padStart(5)} ms`,
    r.cpuMs === undefined ? '' : `cpu ${r.cpuMs.toFixed(2).padStart(5)} ms/req`,
    r.dbCpuMs === undefined ? '' : `pg ${r.dbCpuMs.toFixed(2).padStart(5)} ms/req`,
    r.sql === undefined ? '' : `sql ${r.sql.toFixed(2).padStart(4)}/req`,
    r.rss === undefined ? '' : `rss ${mb(r.rss).padStart(6)}`,
  ];
  const extra = compare.map(([label, base]) => `${ratio(r.rps, base)} ${label}`).join(', ');
  const failed = r.failed ? `  !! ${r.failed} failed` : '';
  console.log(`${cells.filter(Boolean).join('  ')}${extra ? `  | ${extra}` : ''}${failed}`);
}

// ---------------------------------------------------------------- the run

const ceilings = {};
const vsBareOf = (r) => [[`bare @${r.connections}`, (r.connections === 128 ? ceilings.bare128 : ceilings.bare32)?.rps]];
const vsScryptOf = () => [[`scrypt @${hashConcurrency}`, ceilings.scryptBudget], ['scrypt @4', ceilings.scryptPool]];

async function main() {
  console.log(
    `Tend benchmark: ${duration} s per line after ${warmup} s warm-up; ${cores} cores (${cpus()[0]?.model ?? '?'}), ` +
      `${mb(totalmem())} RAM, Node ${process.version}; hashing budget ${hashConcurrency}, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? 4}; ` +
      `gateway node flags: ${gatewayNodeFlags.join(' ') || '(none)'}; ` +
      `malloc: ${Object.entries(productionMalloc).map(([name, value]) => `${name}=${value}`).join(' ') || "glibc's defaults"}`,
  );
  const tend = {};

  if (groups.size > 0) {
    const bare = await new Server('bare', [join(root, 'bench/bare-express.mjs')], { PORT: '4600' }, { readyUrl: `${origin}:4600/` }).ready;
    ceilings.bare32 = await measure(bare, null, 'bare Express GET / (JSON), 32 connections', { url: `${origin}:4600/`, connections: 32 });
    ceilings.bare128 = await measure(bare, null, 'bare Express GET / (JSON), 128 connections', { url: `${origin}:4600/`, connections: 128 });
    await bare.stop();
    ceilings.scryptBudget = await nativeScryptRate(hashConcurrency);
    ceilings.scryptPool = await nativeScryptRate(4);
    console.log('\n== ceilings');
    line(ceilings.bare32);
    line(ceilings.bare128);
    console.log(`native scrypt, ${hashConcurrency} at once (the hashing budget)        ${f0(ceilings.scryptBudget).padStart(6)} hashes/s`);
    console.log(`native scrypt, 4 at once (libuv's whole pool)          ${f0(ceilings.scryptPool).padStart(6)} hashes/s`);
  }
  const vsBare = vsBareOf;
  const vsScrypt = vsScryptOf();

  const database = 'tend_bench';
  const databaseUrl = await freshDatabase(adminUrl, database);
  const counter = await statementCounter(adminUrl, database);
  if (counter) counters.set(database, counter);
  console.log(`\nSQL statements per request: ${counter ? 'pg_stat_statements' : 'counted in the server process (node-postgres queries)'}`);

  if (groups.has('session') || groups.has('password') || groups.has('storm')) {
    const server = await tendGateway(4601, databaseUrl);
    tend.coldStartMs = server.coldStartMs;
    await new Promise((r) => setTimeout(r, 1000));
    tend.idle = await server.stats();
    const cookie = await sessionCookies(4601);
    const rows = [];
    if (groups.has('session')) {
      rows.push(await measure(server, database, 'get-session (cookie), 32 connections', getSession(4601, cookie, 32)));
      rows.push(await measure(server, database, 'get-session (cookie), 128 connections', getSession(4601, cookie, 128)));
      rows.push(await measure(server, database, 'get-session (no session), 32 connections', getSession(4601, null, 32)));
    }
    if (groups.has('password')) {
      tend.signIn = await measure(server, database, 'POST /sign-in/email, 32 connections', signIn(4601, 'bench@example.com'));
      tend.signUp = await measure(server, database, 'POST /sign-up/email, 32 connections', signUp(4601, 'tend'));
    }
    if (groups.has('storm')) tend.storm = await storm(server, database, 4601, cookie, 'bench@example.com');
    tend.peak = (await server.stats()).peakRss;
    await server.stop();

    tend.rows = rows;
    console.log('\n== Tend on PostgreSQL');
    for (const r of rows) line(r, vsBare(r));
    if (tend.signIn) line(tend.signIn, vsScrypt);
    if (tend.signUp) line(tend.signUp, vsScrypt);
    if (tend.storm) {
      line(tend.storm.solo, vsBare(tend.storm.solo));
      line(tend.storm.during, vsBare(tend.storm.during));
      console.log(
        `storm isolation: get-session p99 ${ratio(tend.storm.during.p99, tend.storm.solo.p99)} its solo p99; ` +
          `p50 ${ratio(tend.storm.during.p50, tend.storm.solo.p50)}; sign-ins ${f0(tend.storm.signInRps)}/s meanwhile` +
          (tend.storm.signInFailed ? ` (${tend.storm.signInFailed} refused)` : ''),
      );
    }
  }

  if (groups.has('cache')) {
    // The cookie cache (AUTH_COOKIE_CACHE=on) answers get-session from the signed cookie: no query.
    const server = await tendGateway(4603, databaseUrl, { AUTH_COOKIE_CACHE: 'on' });
    tend.restartMs = server.coldStartMs;
    await sessionCookies(4603);
    // Sign-ins with the cache on: their answers carry the session data cookie too.
    const cookie = await signInCookies(4603);
    const rows = [
      await measure(server, database, 'get-session, cookie cache on, 32 connections', getSession(4603, cookie, 32)),
      await measure(server, database, 'get-session, cookie cache on, 128 connections', getSession(4603, cookie, 128)),
    ];
    tend.peak = Math.max(tend.peak ?? 0, (await server.stats()).peakRss);
    await server.stop();
    tend.cached = rows;
    console.log('\n== Tend, cookie cache on');
    for (const r of rows) line(r, vsBare(r));
  }

  if (groups.has('oauth')) {
    // The identity provider (issue 31): userinfo and introspection (targets >= 0.4x bare Express),
    // the token endpoint's client_credentials (>= 0.3x: an EdDSA signature and an insert each).
    const port = 4605;
    const base = `${origin}:${port}`;
    const server = await tendGateway(port, databaseUrl, oauthEnv);
    const fixture = await oauthFixture(base, SESSIONS);
    const lines = [
      ['GET /oauth2/userinfo', userinfo],
      ['POST /oauth2/introspect', introspection],
      ['POST /oauth2/token (client_credentials)', clientCredentials],
    ];
    const rows = [];
    for (const [title, options] of lines) {
      await probeOnce(options(base, fixture));
      rows.push(await measure(server, database, `${title}, 32 connections`, options(base, fixture, 32)));
    }
    tend.peak = Math.max(tend.peak ?? 0, (await server.stats()).peakRss);
    await server.stop();
    console.log('\n== Tend as an identity provider (targets: userinfo, introspection >= 0.4x bare; client_credentials >= 0.3x)');
    for (const r of rows) line(r, vsBare(r));
  }

  if (groups.has('organizations')) {
    // Member search (issue 32): GET /organization/list-members over one organization of
    // BENCH_MEMBERS members (bench/organization-seed.mjs), on a database of its own, one request
    // at a time: the latency of a page (target: a search page <= 20 ms p50).
    const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
    const orgDatabase = 'tend_bench_organizations';
    const orgUrl = await freshDatabase(adminUrl, orgDatabase);
    const orgCounter = await statementCounter(adminUrl, orgDatabase);
    if (orgCounter) counters.set(orgDatabase, orgCounter);
    const port = 4641;
    const server = await tendGateway(port, orgUrl); // applies the migrations
    try {
      await seedOrganization(orgUrl, members);
      const headers = { authorization: `Bearer ${BENCH_TOKEN}` };
      const rows = [];
      for (const [title, query] of [['first page (no search)', 'limit=100'], ...MEMBER_SEARCHES]) {
        const url = `${origin}:${port}/api/auth/organization/list-members?${query}`;
        const probe = await fetch(url, { headers });
        if (!probe.ok) throw new Error(`GET list-members?${query}: ${probe.status} ${await probe.text()}`);
        const { total } = await probe.json();
        rows.push(await measure(server, orgDatabase, `list-members, ${title}, ${total} match, 1 connection`, { url, headers, connections: 1 }));
      }
      console.log(`\n== Tend, member search over ${members} members (target: a search page <= 20 ms p50)`);
      for (const r of rows) line(r);
    } finally {
      await server.stop();
      await orgCounter?.close();
      counters.delete(orgDatabase);
    }
  }

  if (groups.has('activity')) {
    // Recent activity (issue 33): GET /account-activity for a user with BENCH_ACTIVITY events among
    // 20 such users (bench/activity-seed.mjs), on a database of its own, one request at a time:
    // a page's latency (target: <= 10 ms p50), answered from audit_event_activity_idx.
    const perUser = Number(process.env.BENCH_ACTIVITY ?? 10_000);
    const activityDatabase = 'tend_bench_activity';
    const activityUrl = await freshDatabase(adminUrl, activityDatabase);
    const activityCounter = await statementCounter(adminUrl, activityDatabase);
    if (activityCounter) counters.set(activityDatabase, activityCounter);
    const port = 4642;
    const server = await tendGateway(port, activityUrl); // applies the migrations
    try {
      await seedActivity(activityUrl, { users: 20, perUser });
      const headers = { authorization: `Bearer ${ACTIVITY_TOKEN}` };
      const rows = [];
      for (const [title, query] of [['first page', 'limit=20'], ['a page deep in (offset 5000)', 'limit=20&offset=5000']]) {
        const url = `${origin}:${port}/api/auth/account-activity?${query}`;
        const probe = await fetch(url, { headers });
        if (!probe.ok) throw new Error(`GET account-activity?${query}: ${probe.status} ${await probe.text()}`);
        const { total } = await probe.json();
        rows.push(await measure(server, activityDatabase, `account-activity, ${title}, ${total} events, 1 connection`, { url, headers, connections: 1 }));
      }
      console.log(`\n== Tend, recent activity of a user with ${perUser} events (target: <= 10 ms p50)`);
      for (const r of rows) line(r);
    } finally {
      await server.stop();
      await activityCounter?.close();
      counters.delete(activityDatabase);
    }
  }

  if (groups.has('budget')) {
    // The former default budget, one core fewer than the machine has (AUTH_HASH_CONCURRENCY=cores-1),
    // with the same low-priority hashers: what every core buys sign-in, and what it costs session checks.
    const port = 4604;
    const server = await tendGateway(port, databaseUrl, { AUTH_HASH_CONCURRENCY: String(fewerCores), AUTH_HASH_PRIORITY: 'low' });
    const cookie = await sessionCookies(port);
    const signInRow = await measure(server, database, `POST /sign-in/email, budget ${fewerCores} (low priority)`, signIn(port, 'bench@example.com'));
    const budgetStorm = await storm(server, database, port, cookie, 'bench@example.com');
    const budgetPeak = (await server.stats()).peakRss;
    await server.stop();
    console.log(`\n== Tend, hashing budget ${fewerCores} (cores - 1, the former default; peak RSS ${mb(budgetPeak)})`);
    line(signInRow, [[`scrypt @${fewerCores}`, await nativeScryptRate(fewerCores)], ['scrypt @4', ceilings.scryptPool]]);
    line(budgetStorm.during, vsBare(budgetStorm.during));
    console.log(`storm isolation: get-session p99 ${ratio(budgetStorm.during.p99, budgetStorm.solo.p99)} its solo p99; sign-ins ${f0(budgetStorm.signInRps)}/s meanwhile`);
  }

  if (tend.idle || tend.restartMs) {
    console.log('\n== Tend memory and start');
    if (tend.idle) console.log(`idle RSS ${mb(tend.idle.rss)} (heap used ${mb(tend.idle.heapUsed)}), cold start to ready ${f0(tend.coldStartMs)} ms (empty database: migrations applied)`);
    if (tend.restartMs) console.log(`start to ready on a migrated database ${f0(tend.restartMs)} ms`);
    if (tend.peak) console.log(`peak RSS under the benchmark ${mb(tend.peak)} (default settings: the session, password, storm and cache lines)`);
    // Issue 30's targets, beside the figures it was filed with: compare with the same flags
    // (the image's NODE_OPTIONS) and the same lines (the peak needs the password lines).
    const was = (label, figures) => `${label} ${figures.idle} / ${figures.peak} MB`;
    console.log(
      `idle / peak RSS: ${tend.idle ? mb(tend.idle.rss) : '-'} / ${tend.peak ? mb(tend.peak) : '-'} now; ` +
        `${was('a week before issue 30', MEMORY_BEFORE.weekEarlier)}, ${was('at its filing', MEMORY_BEFORE.filed)}; ` +
        `target idle <= ${MEMORY_TARGET.idle} MB, peak <= ${MEMORY_TARGET.peak} MB` +
        (gatewayNodeFlags.join(' ') === productionNodeOptions ? '' : ' (not the image flags: not comparable)'),
    );
  }

  if (groups.has('peer')) {
    if (!(await peerAvailable())) {
      console.log('\n== better-auth: not installed (bench/package.json devDependency; run `pnpm install`): skipped');
    } else {
      // A peer that fails to start or answer is reported, and the run goes on.
      await peer(tend).catch((error) => console.log(`\n== better-auth failed: ${error.stack ?? error}`));
    }
  }

  if (groups.has('limiter')) {
    // The limiter's cost on get-session, per storage; see docs/performance.md for why Redis looked "faster".
    console.log('\n== get-session with the rate limiter (32 connections)');
    await ensureCookies(databaseUrl);
    for (const [i, storage] of ['memory', 'database', 'redis'].entries()) {
      const port = 4621 + i;
      const server = await tendGateway(port, databaseUrl, {
        AUTH_RATE_LIMIT: 'on',
        AUTH_RATE_LIMIT_STORAGE: storage,
        AUTH_RATE_LIMIT_MAX: '1000000000',
        REDIS_URL: 'redis://127.0.0.1:6379',
      });
      const cookie = await sessionCookies(port);
      line(await measure(server, database, `get-session, rate limit on ${storage}`, getSession(port, cookie)), [['bare', ceilings.bare32?.rps]]);
      await server.stop();
    }
  }

  if (groups.has('pool')) {
    console.log('\n== get-session by PostgreSQL pool size (DATABASE_POOL_SIZE)');
    await ensureCookies(databaseUrl);
    for (const size of [2, 5, 10, 32]) {
      const port = 4631;
      const server = await tendGateway(port, databaseUrl, { DATABASE_POOL_SIZE: String(size) });
      const cookie = await sessionCookies(port);
      line(await measure(server, database, `get-session, pool ${size}, 32 connections`, getSession(port, cookie, 32)), [['bare', ceilings.bare32?.rps]]);
      line(await measure(server, database, `get-session, pool ${size}, 128 connections`, getSession(port, cookie, 128)), [['bare', ceilings.bare128?.rps]]);
      await server.stop();
    }
  }
  await counter?.close();
}

/** better-auth, configured as Tend is, through the same lines; answers nothing, prints its table. */
async function peer(tend) {
  const peerDb = 'tend_bench_peer';
  const peerUrl = await freshDatabase(adminUrl, peerDb);
  const peerCounter = await statementCounter(adminUrl, peerDb);
  if (peerCounter) counters.set(peerDb, peerCounter);
  const rows = [];
  let server = await peerServer(4610, peerUrl);
  try {
    const coldStartMs = server.coldStartMs;
    await new Promise((r) => setTimeout(r, 1000));
    const idle = await server.stats();
    const cookie = await signInCookies(4610, SESSIONS, { signUp: true });
    rows.push(await measure(server, peerDb, 'better-auth get-session, 32 connections', getSession(4610, cookie, 32)));
    rows.push(await measure(server, peerDb, 'better-auth get-session, 128 connections', getSession(4610, cookie, 128)));
    const signInRow = await measure(server, peerDb, 'better-auth POST /sign-in/email, 32 connections', signIn(4610, 'bench@example.com'));
    const signUpRow = await measure(server, peerDb, 'better-auth POST /sign-up/email, 32 connections', signUp(4610, 'peer'));
    const peerStorm = groups.has('storm') ? await storm(server, peerDb, 4610, cookie, 'bench@example.com') : null;
    let peak = (await server.stats()).peakRss;
    await server.stop();
    server = await peerServer(4611, peerUrl, { COOKIE_CACHE: 'on' });
    const cachedCookie = await signInCookies(4611);
    rows.push(await measure(server, peerDb, 'better-auth get-session, cookie cache on, 32', getSession(4611, cachedCookie, 32)));
    peak = Math.max(peak, (await server.stats()).peakRss);

    console.log('\n== better-auth on PostgreSQL (the peer)');
    for (const r of rows) line(r, vsBareOf(r));
    line(signInRow, vsScryptOf());
    line(signUpRow, vsScryptOf());
    if (peerStorm) {
      console.log(`storm isolation: get-session p99 ${ratio(peerStorm.during.p99, peerStorm.solo.p99)} its solo p99 (${f0(peerStorm.solo.p99)} -> ${f0(peerStorm.during.p99)} ms); sign-ins ${f0(peerStorm.signInRps)}/s meanwhile`);
    }
    console.log(`idle RSS ${mb(idle.rss)}, peak ${mb(peak)}, cold start to ready ${f0(coldStartMs)} ms`);
    const versus = [
      ['get-session @32', tend.rows?.[0], rows[0]],
      ['get-session @128', tend.rows?.[1], rows[1]],
      ['cookie cache @32', tend.cached?.[0], rows[2]],
      ['sign-in', tend.signIn, signInRow],
      ['sign-up', tend.signUp, signUpRow],
    ].filter(([, a, b]) => a && b);
    if (versus.length) console.log(`Tend / better-auth rate: ${versus.map(([label, a, b]) => `${label} ${ratio(a.rps, b.rps)}`).join(', ')}`);
  } finally {
    await server.stop();
    await peerCounter?.close();
    counters.delete(peerDb);
  }
}

main()
  .then(async () => {
    await stopAll();
    // Webhooks off the request path (bench/webhooks.mjs, its own servers): 1,000 sign-ups with a dead receiver vs without webhooks.
    if (groups.has('webhooks')) {
      const child = spawn(process.execPath, [join(root, 'bench/webhooks.mjs')], { stdio: 'inherit' });
      const [code] = await once(child, 'exit');
      if (code !== 0) process.exitCode = 1;
    }
  })
  .catch(async (error) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  });
