// The deploy files agree with each other and with the gateway: compose.yaml's services, the
// environment it gives the gateways (every name one env.ts validates, and the whole of it accepted
// by the gateway's own parser), deploy/nginx.conf's upstreams, and the Dockerfile's targets.
// No Docker daemon here: compose itself validates the file when its CLI is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { parseEnv } from '../../../apps/gateway/src/env';
import { nginxArgs, nginxBinary, nginxConfigPath, renderNginxConfig, repo } from '../harness/nginx';
import { hasCommand } from '../harness/services';

const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

interface Service {
  build?: { context: string; target: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string[];
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  networks?: Record<string, { ipv4_address?: string } | null>;
}

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const nginxConf = read('deploy/nginx.conf');
const dockerfile = read('Dockerfile');

/** KEY=value lines of an env file. */
function envFile(file: string): Record<string, string> {
  return Object.fromEntries(
    read(file)
      .split('\n')
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** What compose hands the container, with `${VAR}`, `${VAR:-default}` and `${VAR:?message}` resolved. */
function environmentOf(service: Service, variables: Record<string, string>): Record<string, string> {
  const fromFiles = Object.assign({}, ...(service.env_file ?? []).map(envFile)) as Record<string, string>;
  const interpolate = (value: string) =>
    String(value).replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_m, name: string, kind?: string, rest?: string) => {
      if (variables[name]) return variables[name]!;
      if (kind === '?') throw new Error(`${name} is required: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    });
  return { ...fromFiles, ...Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v)])) };
}

const secrets = { AUTH_SECRET: 'a-secret-of-at-least-32-characters-for-the-test', POSTGRES_PASSWORD: 'pw' };
const addressOf = (name: string) => Object.values(services[name]?.networks ?? {})[0]?.ipv4_address;

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, two gateways, the web app and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway-1', 'gateway-2', 'nginx', 'postgres', 'redis', 'web']);
    expect(services['gateway-1']!.build?.target).toBe('gateway');
    expect(services['gateway-2']!.build?.target).toBe('gateway');
    expect(services.web!.build?.target).toBe('web');
  });

  it('checks every service’s health, the gateways by /health/ready, and starts nginx after the healthy gateways', () => {
    for (const name of Object.keys(services)) expect({ name, hasCheck: (services[name]!.healthcheck?.test.length ?? 0) > 1 }).toEqual({ name, hasCheck: true });
    expect(services['gateway-1']!.healthcheck!.test.join(' ')).toContain('/health/ready');
    expect(services.nginx!.depends_on).toMatchObject({ 'gateway-1': { condition: 'service_healthy' }, 'gateway-2': { condition: 'service_healthy' } });
  });

  it('gives the gateways only variables env.ts validates, and the gateway’s parser accepts them', () => {
    for (const name of ['gateway-1', 'gateway-2']) {
      const env = environmentOf(services[name]!, secrets);
      const parsed = parseEnv(env);
      // The schema keeps the variables it declares (the platform's and every module's) and drops the rest.
      expect(Object.keys(env).filter((key) => env[key] !== '' && !(key in parsed.values))).toEqual([]);
      expect(parsed).toMatchObject({ NODE_ENV: 'production', AUTH_COOKIE_CACHE: 'on', AUTH_RATE_LIMIT: 'on', AUTH_RATE_LIMIT_STORAGE: 'redis' });
      expect(parsed.DATABASE_URL).toMatch(/^postgresql:\/\/tend:pw@postgres:5432\/tend$/);
      expect(parsed.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    }
  });

  it('refuses to start without AUTH_SECRET or POSTGRES_PASSWORD', () => {
    expect(() => environmentOf(services['gateway-1']!, { POSTGRES_PASSWORD: 'pw' })).toThrow(/AUTH_SECRET is required/);
    expect(() => environmentOf(services['gateway-1']!, { AUTH_SECRET: secrets.AUTH_SECRET })).toThrow(/POSTGRES_PASSWORD is required/);
  });

  it('runs Redis without eviction, as the revocation registry needs', () => {
    const command = services.redis!.command ?? [];
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
  });

  it('trusts exactly nginx and the web app as proxies, by their fixed addresses', () => {
    const env = parseEnv(environmentOf(services['gateway-1']!, secrets));
    expect([...env.AUTH_TRUSTED_PROXIES].sort()).toEqual([addressOf('nginx'), addressOf('web')].sort());
    expect(services.web!.environment?.TRUST_PROXY).toBe(addressOf('nginx'));
  });

  it('mounts deploy/nginx.conf as nginx’s whole configuration and passes the pid and foreground flags it leaves out', () => {
    expect(services.nginx!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(services.nginx!.command?.join(' ')).toMatch(/daemon off; pid \/tmp\/nginx\.pid;/);
    expect(nginxConf).not.toMatch(/^\s*(pid|daemon)\s/m);
    expect(services.nginx!.ports?.[0]).toMatch(/:8080$/);
    expect(nginxConf).toMatch(/^\s*listen 8080;/m);
  });

  const composeCli = hasCommand('docker') && spawnSync('docker', ['compose', 'version']).status === 0 ? ['docker', 'compose'] : hasCommand('docker-compose') ? ['docker-compose'] : null;
  (composeCli ? it : it.skip)(`is valid for Compose itself (${composeCli?.join(' ') ?? 'no compose CLI installed'})`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tend-compose-'));
    try {
      const run = (variables: Record<string, string>) => {
        const envFilePath = path.join(dir, 'test.env');
        writeFileSync(envFilePath, Object.entries(variables).map(([k, v]) => `${k}=${v}\n`).join(''));
        return spawnSync(composeCli![0]!, [...composeCli!.slice(1), '--env-file', envFilePath, '-f', path.join(repo, 'compose.yaml'), 'config', '-q'], {
          cwd: repo,
          encoding: 'utf8',
          env: { PATH: process.env.PATH, HOME: dir },
        });
      };
      const valid = run(secrets);
      expect({ status: valid.status, stderr: valid.stderr }).toEqual({ status: 0, stderr: '' });
      const missing = run({ POSTGRES_PASSWORD: 'pw' });
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toContain('AUTH_SECRET');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/nginx.conf', () => {
  const upstreamServers = [...nginxConf.matchAll(/^\s*server ([a-z0-9-]+):(\d+)\b/gm)].map((m) => ({ host: m[1]!, port: m[2]! }));

  it('sends to compose services on the ports they listen on', () => {
    expect(upstreamServers).toEqual([
      { host: 'gateway-1', port: '3000' },
      { host: 'gateway-2', port: '3000' },
      { host: 'web', port: '3001' },
    ]);
    for (const name of ['gateway-1', 'gateway-2']) expect(environmentOf(services[name]!, secrets).PORT).toBe('3000');
    expect(services.web!.environment?.WEB_PORT).toBe('3001');
  });

  it('retries refused and timed-out connections on the other gateway, never a POST it sent, and forwards the client and the request id', () => {
    expect(nginxConf).toMatch(/^\s*proxy_next_upstream error timeout;/m);
    expect(nginxConf).not.toMatch(/non_idempotent/);
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(nginxConf).toMatch(/proxy_set_header X-Request-Id \$tend_request_id;/);
  });

  // The rolling restart (docs/deploy.md) loses no request only while these hold.
  it('keeps the gateways’ drain longer than nginx’s fail_timeout and upstream keepalive_timeout, and compose waits for drain and deadline', () => {
    const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)?.[1] ?? NaN) * 1000;
    const upstream = /upstream tend_gateway \{([^}]*)\}/.exec(nginxConf)![1]!;
    const failTimeouts = [...upstream.matchAll(/^\s*server \S+ max_fails=1 fail_timeout=(\S+);/gm)].map((m) => seconds(m[1]!));
    const keepaliveTimeout = seconds(/^\s*keepalive_timeout (\S+);/m.exec(upstream)![1]!);
    const env = parseEnv(environmentOf(services['gateway-1']!, secrets));
    const grace = seconds(services['gateway-1']!.stop_grace_period ?? '');

    expect(failTimeouts).toHaveLength(2);
    expect(env.AUTH_SHUTDOWN_DRAIN_MS).toBeGreaterThanOrEqual(Math.max(...failTimeouts) + 2000);
    expect(env.AUTH_SHUTDOWN_DRAIN_MS).toBeGreaterThanOrEqual(keepaliveTimeout + 2000);
    expect(grace).toBeGreaterThan(env.AUTH_SHUTDOWN_DRAIN_MS + env.AUTH_SHUTDOWN_TIMEOUT_MS);
  });

  (hasCommand(nginxBinary) ? it : it.skip)('passes nginx -t', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tend-nginx-t-'));
    try {
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        renderNginxConfig(readFileSync(nginxConfigPath, 'utf8'), { listen: 1, gateways: ['127.0.0.1:2', '127.0.0.1:3'], web: '127.0.0.1:4', dir }),
      );
      const result = spawnSync(nginxBinary, ['-t', ...nginxArgs(dir)], { encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.stringContaining('test is successful') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]!);
  /** The lines of one stage. */
  const stage = (name: string) => {
    const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
    const next = dockerfile.slice(start + 1).search(/^FROM /m);
    return next === -1 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
  };

  it('has the gateway and web targets compose builds, the gateway last (the default target)', () => {
    expect(stages).toEqual(expect.arrayContaining(['build', 'gateway', 'web']));
    expect(stages.at(-1)).toBe('gateway');
  });

  it('runs both apps as the unprivileged node user, the gateway as node apps/gateway/dist/main.js', () => {
    for (const name of ['gateway', 'web']) expect({ name, user: /^USER node$/m.test(stage(name)) }).toEqual({ name, user: true });
    expect(stage('gateway')).toMatch(/^CMD \["node", "apps\/gateway\/dist\/main\.js"\]$/m);
    expect(stage('web')).toMatch(/^CMD \["node", "server\.mjs"\]$/m);
  });

  it("starts the gateway with heap limits Node accepts in NODE_OPTIONS (the ones pnpm bench measures)", () => {
    const options = /^ENV .*\bNODE_OPTIONS="([^"]*)"/m.exec(stage('gateway'))?.[1];
    expect(options).toMatch(/--max-old-space-size=\d+/);
    const run = spawnSync(process.execPath, ['-p', 'require("node:v8").getHeapStatistics().heap_size_limit'], { env: { ...process.env, NODE_OPTIONS: options }, encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    const limitMb = Number(run.stdout) / 1048576;
    expect(limitMb).toBeGreaterThan(Number(/--max-old-space-size=(\d+)/.exec(options!)![1]));
    expect(limitMb).toBeLessThan(1024); // the limit took effect (Node's default here is 2 GB and more)
  });

  it('copies from the build context only files that exist and that .dockerignore lets through', () => {
    const ignored = read('.dockerignore');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(' '));
    for (const source of sources.filter((s) => s !== '.')) expect({ source, exists: existsSync(path.join(repo, source)) }).toEqual({ source, exists: true });
    expect(ignored).toMatch(/^\*\*\/node_modules$/m);
    expect(ignored).toMatch(/^\.env$/m);
    expect(ignored).toMatch(/^\.git$/m);
    expect(ignored).not.toMatch(/^deploy\/?$/m);
  });
});
