// Tend as it runs in production, on this machine: two built gateways (`node apps/gateway/dist/main.js`,
// NODE_ENV=production) sharing a fresh PostgreSQL database and Redis, each reached through a TCP
// relay the suite can cut, with deploy/nginx.conf in front. Everything on 127.0.0.1, free ports.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { startNginx, repo, type Nginx } from './nginx';
import { freePort, startChild, stopChild, waitForHttp, type Child } from './processes';
import { createDatabase, databaseUrl, dropDatabase, postgresPort, redisCli, redisDb, redisPort } from './services';
import { TcpProxy } from './tcp-proxy';

export const gatewayMain = path.join(repo, 'apps', 'gateway', 'dist', 'main.js');
export const AUTH_SECRET = 'integration-secret-shared-by-both-gateways-0123456789';

/** The default rate-limit rule of the cluster: small, so the shared limit is reachable. */
export const RATE_LIMIT = { window: 10, max: 30 };

export interface Gateway {
  name: string;
  port: number;
  url: string;
  /** The running process; `restart` replaces it. */
  child: Child;
}

/** How one documented restart went (milliseconds). */
export interface Restart {
  gateway: string;
  /** SIGTERM to the process's exit. */
  stoppedMs: number;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  /** The exit to the first 200 from /health/ready of the new process. */
  readyMs: number;
}

export interface Cluster {
  /** nginx: what a browser or API client talks to, and the gateways' AUTH_BASE_URL. */
  url: string;
  gateways: [Gateway, Gateway];
  nginx: Nginx;
  database: string;
  postgresRelay: TcpProxy;
  redisRelay: TcpProxy;
  /**
   * Restarts one instance as docs/deploy.md says: SIGTERM, wait until the process has exited,
   * start it again on the same address, wait until its /health/ready answers 200.
   */
  restart(gateway: Gateway): Promise<Restart>;
  stop(): Promise<void>;
}

/** Whether the gateway is built (`pnpm test` builds first; locally `pnpm build`). */
export const gatewayBuilt = existsSync(gatewayMain);

/** KEY=value lines of deploy/gateway.env (the recipe's settings of every instance). */
export function recipeSettings(): Record<string, string> {
  const lines = readFileSync(path.join(repo, 'deploy', 'gateway.env'), 'utf8').split('\n');
  return Object.fromEntries(lines.filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

/** The recipe's shutdown settings, so instances stop here as they do under compose. */
const shutdownSettings = Object.fromEntries(Object.entries(recipeSettings()).filter(([key]) => key.startsWith('AUTH_SHUTDOWN_')));

function gatewayEnv(port: number, database: string, relays: { postgres: number; redis: number }, baseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // A clean environment: nothing of the developer's shell (DATABASE_URL, RESEND_API_KEY, ...) leaks in.
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    AUTH_BASE_URL: baseUrl,
    AUTH_SECRET,
    DATABASE_URL: databaseUrl(database, relays.postgres),
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: `redis://127.0.0.1:${relays.redis}/${redisDb}`,
    AUTH_COOKIE_CACHE: 'on',
    AUTH_RATE_LIMIT: 'on',
    AUTH_RATE_LIMIT_WINDOW: String(RATE_LIMIT.window),
    AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT.max),
    AUTH_TRUSTED_PROXIES: 'loopback',
    // No mail service here: production refuses the development outbox, so nothing is mailed.
    AUTH_SEND_VERIFICATION_ON_SIGN_UP: 'off',
    // The machine running the suite is shared: at the default low priority (nice 19) the hashing
    // threads get almost no CPU while other jobs run, and sign-ins wait for many seconds. The
    // priority protects a gateway's event loop from its own hashing, which is not measured here;
    // one hash per core (not cores − 1) keeps the sign-in queue of a busy two-core machine short.
    AUTH_HASH_PRIORITY: 'normal',
    AUTH_HASH_CONCURRENCY: String(availableParallelism()),
    ...shutdownSettings,
    ...extra,
  };
}

/** `env`: variables a suite adds to both gateways' environment (the webhooks suite's). */
export async function startCluster(options: { env?: Record<string, string> } = {}): Promise<Cluster> {
  if (!gatewayBuilt) throw new Error(`${path.relative(repo, gatewayMain)} is missing: run \`pnpm build\` first (pnpm test does)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'tend-integration-'));
  // nginx workers run as an unprivileged user when the suite runs as root: let them into the dir.
  chmodSync(dir, 0o755);
  const database = createDatabase('cluster');
  const postgresRelay = new TcpProxy(postgresPort);
  const redisRelay = new TcpProxy(redisPort);
  await Promise.all([postgresRelay.start(), redisRelay.start()]);
  const [nginxPort, port1, port2, webPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${nginxPort}`;
  const relays = { postgres: postgresRelay.port, redis: redisRelay.port };

  const spawnGateway = (name: string, port: number) => startChild(name, process.execPath, [gatewayMain], { cwd: repo, env: gatewayEnv(port, database, relays, url, options.env) });
  const launch = (name: string, port: number): Gateway => ({ name, port, url: `http://127.0.0.1:${port}`, child: spawnGateway(name, port) });
  const gateways: [Gateway, Gateway] = [launch('gateway-1', port1), launch('gateway-2', port2)];

  const restart = async (gateway: Gateway): Promise<Restart> => {
    const signalled = performance.now();
    process.kill(gateway.child.process.pid!, 'SIGTERM');
    const exit = await gateway.child.exited;
    const exited = performance.now();
    gateway.child = spawnGateway(gateway.name, gateway.port);
    await waitForHttp(`${gateway.url}/health/ready`, gateway.child, 60_000, 50);
    return { gateway: gateway.name, stoppedMs: exited - signalled, exit, readyMs: performance.now() - exited };
  };
  let nginx: Nginx | undefined;

  const stop = async () => {
    await Promise.all([...gateways.map((g) => stopChild(g.child)), nginx && stopChild(nginx.child, 5000)]);
    await Promise.all([postgresRelay.stop(), redisRelay.stop()]);
    dropDatabase(database);
    for (const key of redisCli('--scan', '--pattern', 'tend:rate-limit:*198.1[89].*').split('\n').filter(Boolean)) redisCli('del', key);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Both start at once on the empty database: the migrations run once, under the advisory lock.
    // Traffic starts when they are ready (PostgreSQL, migrations and Redis), as behind compose.
    await Promise.all(gateways.map((g) => waitForHttp(`${g.url}/health/ready`, g.child)));
    // The web app is not part of this suite: its upstream points at a port nothing listens on.
    nginx = startNginx({ listen: nginxPort, gateways: [`127.0.0.1:${port1}`, `127.0.0.1:${port2}`], web: `127.0.0.1:${webPort}`, dir });
    await waitForHttp(`${url}/nginx-health`, nginx.child, 15_000);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    gateways,
    nginx,
    database,
    postgresRelay,
    redisRelay,
    restart,
    stop,
  };
}
