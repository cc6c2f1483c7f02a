// The bench's tools: servers in child processes (each with bench/probe.mjs loaded), autocannon
// runs with the server's CPU, memory and SQL statements counted over the measured window, and
// the CPU time of the PostgreSQL backends serving one database.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from '../packages/database/node_modules/pg/lib/index.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const probe = join(root, 'bench/probe.mjs');
const children = new Set();

/** A server in its own process, started with the probe; `ready` resolves once `readyUrl` answers. */
export class Server {
  constructor(name, args, env, { cwd = root, readyUrl }) {
    this.name = name;
    this.started = performance.now();
    this.child = spawn(process.execPath, ['--import', probe, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.output = '';
    const keep = (chunk) => {
      this.output = (this.output + chunk).slice(-4000);
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    children.add(this.child);
    this.child.on('exit', () => children.delete(this.child));
    this.ready = waitFor(readyUrl, this.child).then(() => {
      this.coldStartMs = performance.now() - this.started;
      return this;
    });
  }

  /** Statements sent through node-postgres, CPU time, current and peak RSS of the process. */
  stats() {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no stats answer`)), 5000);
      const onMessage = (message) => {
        if (message?.type !== 'stats') return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        resolve(message);
      };
      this.child.on('message', onMessage);
      this.child.send('stats');
    });
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 8000);
    await once(this.child, 'exit');
    clearTimeout(timer);
  }
}

export async function stopAll() {
  await Promise.all([...children].map(async (child) => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }));
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not come up`);
}

export function autocannonRun(options) {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/**
 * One autocannon run of `warmup + duration` seconds, measured over its last `duration` seconds
 * only: answers then have the server warm and its queues at their steady length (two separate
 * runs would leave the warm-up's unanswered requests queued in the server for the measured one).
 * `onMeasuring` runs when the measured window opens, `onEnd` when it closes.
 */
export function measuredRun(options, warmup, duration, { onMeasuring, onEnd } = {}) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let failed = 0;
    let measuring = false;
    let atStart;
    const instance = autocannon({ ...options, duration: warmup + duration }, async (error, result) => {
      if (error) return reject(error);
      try {
        const atEnd = await ended;
        latencies.sort((a, b) => a - b);
        const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN);
        resolve({ ok: latencies.length, failed: failed + (result.errors ?? 0) + (result.timeouts ?? 0), rps: latencies.length / duration, p50: at(0.5), p99: at(0.99), atStart: await atStart, atEnd });
      } catch (e) {
        reject(e);
      }
    });
    let ended;
    const endTimer = setTimeout(() => {
      measuring = false;
      ended = Promise.resolve(onEnd?.());
    }, (warmup + duration) * 1000);
    // Answers after the window closed are not counted (autocannon may take a moment to stop).
    setTimeout(() => {
      measuring = true;
      atStart = Promise.resolve(onMeasuring?.());
    }, warmup * 1000);
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (!measuring) return;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failed += 1;
    });
    instance.on('done', () => {
      if (!ended) {
        clearTimeout(endTimer);
        measuring = false;
        ended = Promise.resolve(onEnd?.());
      }
    });
  });
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU milliseconds of each PostgreSQL backend connected to `database`, by pid (empty where /proc
 * is unreadable). Subtract two readings with `cpuDelta`.
 */
export function postgresCpuMs(database) {
  const byPid = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // A backend's title: "postgres: [<cluster>: ]<user> <database> <client> <state>".
      const title = /^postgres: (?:\S+: )?\S+ (\S+) /.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      if (title?.[1] !== database) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** CPU ms the backends used between two readings (a backend that ended in between is not counted). */
export function cpuDelta(before, after) {
  let ms = 0;
  for (const [pid, value] of after) ms += value - (before.get(pid) ?? 0);
  return ms;
}

/**
 * Counts SQL statements run on `database`: pg_stat_statements when the server has it loaded,
 * else (answering null) the bench falls back to the probe's count of node-postgres queries.
 */
export async function statementCounter(adminUrl, database) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
  } catch {
    await client.end();
    return null;
  }
  return {
    source: 'pg_stat_statements',
    async count() {
      const { rows } = await client.query(
        'SELECT coalesce(sum(calls), 0)::bigint AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1',
        [database],
      );
      return Number(rows[0].calls);
    },
    close: () => client.end(),
  };
}

/** Drops and creates a database; answers its URL. */
export async function freshDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function mb(bytes) {
  return `${(bytes / 1048576).toFixed(0)} MB`;
}

/**
 * Seeds a bench database: `work(client)` in one transaction on the database at `url`, then each of
 * `after` (VACUUM and ANALYZE run outside a transaction). A failed seed is rolled back.
 */
export async function seedInTransaction(url, work, after = ['ANALYZE']) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
    for (const statement of after) await client.query(statement);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
