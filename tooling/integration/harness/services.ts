// The machine's PostgreSQL and Redis, through their command-line clients (psql, redis-cli), so the
// suite needs no driver of its own: a fresh database per run, and reads of what the gateways wrote.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';

/** The server the suite uses (trust auth), as TEST_POSTGRES_URL elsewhere in the tests. */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const postgresPort = Number(new URL(postgresAdminUrl).port || 5432);
export const redisPort = Number(process.env.TEST_REDIS_PORT ?? 6379);
/**
 * The Redis database index of the suite (REDIS_URL `redis://host:port/13`): the gateway's key
 * prefix is fixed (`tend:rate-limit:`), so the index keeps its counters apart from anything in db 0.
 */
export const redisDb = 13;

/** `postgresAdminUrl` with another database name (and optionally another port: a relay). */
export function databaseUrl(database: string, port = postgresPort): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${database}`;
  url.port = String(port);
  return url.toString();
}

/** Runs SQL and answers the rows as arrays of text (psql -At). */
export function psql(sql: string, database = 'postgres'): string[][] {
  const result = spawnSync('psql', [databaseUrl(database), '-v', 'ON_ERROR_STOP=1', '-At', '-F', '\t', '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed (${sql.slice(0, 80)}): ${result.stderr || result.error?.message}`);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** Creates an empty database with a unique name and answers the name. */
export function createDatabase(label: string): string {
  const name = `tend_it_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  psql(`CREATE DATABASE ${name}`);
  return name;
}

export function dropDatabase(name: string): void {
  psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export function redisCli(...args: string[]): string {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(redisPort), '-n', String(redisDb), '--raw', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`redis-cli ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout.trim();
}

/** The rate-limit keys of the suite's Redis database that mention `fragment` (an IP). */
export function rateLimitKeys(fragment: string): string[] {
  const out = redisCli('--scan', '--pattern', `tend:rate-limit:*${fragment}*`);
  return out ? out.split('\n') : [];
}

/** Whether the machine has this program on PATH. */
export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}
