// SIGTERM on the real process: the built gateway (`node apps/gateway/dist/main.js`) on PGlite in
// a temporary directory, with an idle keep-alive client and a sign-up under way; and with a drain
// (AUTH_SHUTDOWN_DRAIN_MS), as deploy/gateway.env sets it for the rolling restarts behind nginx.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selectedTestDatabase } from '@tend/database/testing';
import { parseEnv } from '../src/env.js';
import { credentials, ORIGIN, SECRET } from './harness/index.js';

jest.setTimeout(120_000);

const gatewayDir = path.resolve(__dirname, '..');

/** The build when there is one (`pnpm --filter @tend/gateway... build`), else the sources through tsx. */
function gatewayCommand(): string[] {
  const built = path.join(gatewayDir, 'dist', 'main.js');
  if (existsSync(built)) return [built];
  return ['--conditions=@tend/source', '--import', 'tsx', path.join(gatewayDir, 'src', 'main.ts')];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A raw HTTP/1.1 connection: what arrived, and when it closed. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk) => {
    received += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    get received() {
      return received;
    },
    async until(pattern: RegExp): Promise<string> {
      while (!pattern.test(received)) await new Promise<void>((wake) => waiters.push(wake));
      return received;
    },
  };
}


/** A connection attempt: `connected`, or the error code (ECONNREFUSED once the listener is closed). */
/**
 * Whether the gateway still accepts connections on `port`: 'ECONNREFUSED' once its listener is
 * closed. The port is free then, so a connection that does succeed may reach something else (a
 * parallel test that was handed the same port, or Linux's self-connect on an ephemeral port):
 * only a gateway's answer counts as 'gateway'.
 */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = (result: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done('not the gateway'), 2000);
    socket.once('connect', () => socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (/\{"status":"(ok|stopping)"/.test(received)) done('gateway');
    });
    socket.once('end', () => done('not the gateway'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
  });
}

/** The gateway as a child process on its own PGlite directory, with its JSON log lines. */
async function startBuiltGateway(extraEnv: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-shutdown-'));
  const { DATABASE_URL: _database, RESEND_API_KEY: _resend, ...env } = process.env;
  const child = spawn(process.execPath, gatewayCommand(), {
    cwd: gatewayDir,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      AUTH_TRUSTED_ORIGINS: ORIGIN,
      AUTH_PASSWORD_SCREENING: 'off',
      AUTH_SHUTDOWN_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logLines = () =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const gateway = {
    port,
    child,
    exited,
    logLines,
    /** Resolves once the gateway has logged this message. */
    async logged(message: string): Promise<void> {
      while (!logLines().some((line) => line.msg === message)) {
        if (child.exitCode !== null) throw new Error(`gateway exited before logging ${message}:\n${output.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  started.push(gateway);

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited early:\n${output.join('')}`);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then((res) => res.status, () => 0);
    if (ready === 200) break;
    if (Date.now() > deadline) throw new Error(`gateway not ready:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return gateway;
}

const started: Array<{ stop(): void }> = [];

/** An idle keep-alive connection, as a browser or a load balancer holds them. */
async function idleConnection(port: number) {
  const idle = rawClient(port);
  idle.socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  expect(await idle.until(/\r\n\r\n\{"status":"ok"\}/)).toMatch(/Connection: keep-alive/i);
  return idle;
}

// The spawned gateway runs on its own PGlite whatever the project: once is enough.
const onPglite = selectedTestDatabase() === 'pglite' ? describe : describe.skip;

onPglite('graceful shutdown of the built gateway', () => {
  afterAll(() => {
    for (const gateway of started) gateway.stop();
  });

  it('on SIGTERM finishes the sign-up under way (200, Connection: close), closes idle keep-alive connections, and exits 0 within 10 s', async () => {
    const gateway = await startBuiltGateway({});
    const { port } = gateway;
    const idle = await idleConnection(port);

    // A sign-up under way: its headers are in (the server answered 100 Continue), its body not yet.
    const body = JSON.stringify(credentials());
    const signUp = rawClient(port);
    signUp.socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n\r\n`,
    );
    await signUp.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);

    const signalled = Date.now();
    gateway.child.kill('SIGTERM');
    await gateway.logged('gateway stopping');
    // Without a drain the idle connection is closed at once, while the sign-up still runs.
    await idle.closed;
    expect(gateway.child.exitCode).toBeNull();

    signUp.socket.write(body);
    const answer = await signUp.until(/\r\n\r\n\{[\s\S]*\}$/);
    const final = answer.slice(answer.indexOf('HTTP/1.1 200'));
    expect(final).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(final).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(final.slice(final.indexOf('\r\n\r\n') + 4))).toMatchObject({ token: expect.any(String), user: { email: expect.any(String) } });

    expect(await gateway.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    const messages = gateway.logLines().map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['gateway listening', 'gateway stopping', 'gateway stopped']));
    expect(gateway.logLines().find((line) => line.msg === 'request' && line.path === '/api/auth/sign-up/email')).toMatchObject({ status: 200 });
  });

  it('with AUTH_SHUTDOWN_DRAIN_MS: readiness 503 at once while it keeps serving, then refuses new connections, answers the open ones with Connection: close and closes the idle ones only after the drain again', async () => {
    // Long enough that a loaded machine still sends the drain's requests within it.
    const gateway = await startBuiltGateway({ AUTH_SHUTDOWN_DRAIN_MS: '3000' });
    const { port } = gateway;
    const reused = await idleConnection(port);
    const idle = await idleConnection(port);

    gateway.child.kill('SIGTERM');
    await gateway.logged('gateway stopping');
    expect(gateway.logLines().find((line) => line.msg === 'gateway stopping')).toMatchObject({ drainMs: 3000 });
    // The drain: not ready, but still listening and serving as before (keep-alive included).
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'stopping', checks: {} }]);
    const served = rawClient(port);
    served.socket.write('GET /api/auth/ok HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    expect(await served.until(/\r\n\r\n\{"ok":true\}/)).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*Connection: keep-alive/i);
    expect(gateway.logLines().some((line) => line.msg === 'gateway closing its listener')).toBe(false);

    // After the drain: new connections are refused (a load balancer retries them elsewhere) ...
    await gateway.logged('gateway closing its listener');
    expect(await tryConnect(port)).not.toBe('gateway');
    // ... an open connection is still answered, with Connection: close ...
    const before = reused.received.length;
    reused.socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const again = (await reused.until(/\{"status":"ok"\}[\s\S]*\{"status":"ok"\}/)).slice(before);
    expect(again).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\nConnection: close\r\n/i);
    await reused.closed;
    // ... and idle ones are closed by the gateway only once their clients had the drain to do it.
    await Promise.all([idle.closed, served.closed]);
    expect(await gateway.exited).toBe(0);
    expect(gateway.logLines().map((line) => line.msg)).toEqual(expect.arrayContaining(['gateway stopping', 'gateway closing its listener', 'gateway stopped']));
  });
});

describe('shutdown settings', () => {
  it('take AUTH_SHUTDOWN_DRAIN_MS (default 0) and refuse an AUTH_SHUTDOWN_TIMEOUT_MS no longer than the drain', () => {
    expect(parseEnv({}).AUTH_SHUTDOWN_DRAIN_MS).toBe(0);
    expect(parseEnv({ AUTH_SHUTDOWN_DRAIN_MS: '5000', AUTH_SHUTDOWN_TIMEOUT_MS: '20000' })).toMatchObject({ AUTH_SHUTDOWN_DRAIN_MS: 5000, AUTH_SHUTDOWN_TIMEOUT_MS: 20000 });
    expect(() => parseEnv({ AUTH_SHUTDOWN_DRAIN_MS: '5000' })).not.toThrow();
    expect(() => parseEnv({ AUTH_SHUTDOWN_DRAIN_MS: '10000' })).toThrow(/AUTH_SHUTDOWN_TIMEOUT_MS: must be longer than AUTH_SHUTDOWN_DRAIN_MS/);
    expect(() => parseEnv({ AUTH_SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/AUTH_SHUTDOWN_DRAIN_MS/);
  });
});
