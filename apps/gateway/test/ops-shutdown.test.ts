// SIGTERM on the real process: the built gateway (`node apps/gateway/dist/main.js`) on PGlite in
// a temporary directory, with an idle keep-alive client and a sign-up under way.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selectedTestDatabase } from '@tend/database/testing';
import { ORIGIN, SECRET, credentials } from './harness.js';

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
    async until(pattern: RegExp): Promise<string> {
      while (!pattern.test(received)) await new Promise<void>((wake) => waiters.push(wake));
      return received;
    },
  };
}

// The spawned gateway runs on its own PGlite whatever the project: once is enough.
const onPglite = selectedTestDatabase() === 'pglite' ? describe : describe.skip;

onPglite('graceful shutdown of the built gateway', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';
  const output: string[] = [];
  const logLines = () =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the sign-up under way (200, Connection: close), closes idle keep-alive connections, and exits 0 within 10 s', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tend-shutdown-'));
    const { DATABASE_URL: _database, RESEND_API_KEY: _resend, ...env } = process.env;
    const started = spawn(process.execPath, gatewayCommand(), {
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 90_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`gateway exited early:\n${output.join('')}`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then((res) => res.status, () => 0);
      if (ready === 200) break;
      if (Date.now() > deadline) throw new Error(`gateway not ready:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // An idle keep-alive connection, as a browser or a load balancer holds them.
    const idle = rawClient(port);
    idle.socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    expect(await idle.until(/\r\n\r\n\{"status":"ok"\}/)).toMatch(/Connection: keep-alive/i);

    // A sign-up under way: its headers are in (the server answered 100 Continue), its body not yet.
    const body = JSON.stringify(credentials());
    const signUp = rawClient(port);
    signUp.socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n\r\n`,
    );
    await signUp.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);

    const signalled = Date.now();
    started.kill('SIGTERM');
    while (!logLines().some((line) => line.msg === 'gateway stopping')) await new Promise((resolve) => setTimeout(resolve, 10));
    // The idle connection is closed at once, while the sign-up still runs.
    await idle.closed;
    expect(started.exitCode).toBeNull();

    signUp.socket.write(body);
    const answer = await signUp.until(/\r\n\r\n\{[\s\S]*\}$/);
    const final = answer.slice(answer.indexOf('HTTP/1.1 200'));
    expect(final).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(final).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(final.slice(final.indexOf('\r\n\r\n') + 4))).toMatchObject({ token: expect.any(String), user: { email: expect.any(String) } });

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    const messages = logLines().map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['gateway listening', 'gateway stopping', 'gateway stopped']));
    expect(logLines().find((line) => line.msg === 'request' && line.path === '/api/auth/sign-up/email')).toMatchObject({ status: 200 });
  });
});
