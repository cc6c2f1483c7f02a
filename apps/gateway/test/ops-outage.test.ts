// PostgreSQL going away and coming back, through a TCP proxy the test stops and restarts in
// front of the shared server (which itself is never touched).
import { connect, createServer, type Server, type Socket } from 'node:net';
import { openDatabase, type DatabaseHandle } from '@tend/database';
import { createTestDatabase, selectedTestDatabase, testPostgresUrl } from '@tend/database/testing';
import { cookiesOf, credentials, ORIGIN, startGateway, type TestGateway } from './harness/index.js';

/** Forwards 127.0.0.1:<port> to PostgreSQL; `stop()` refuses new connections and cuts the open ones. */
class TcpProxy {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

const onPostgres = selectedTestDatabase() === 'postgres' ? describe : describe.skip;

onPostgres('PostgreSQL outage', () => {
  let admin: DatabaseHandle;
  let database: DatabaseHandle;
  let gateway: TestGateway;
  let proxy: TcpProxy;
  let http: TestGateway['http'];

  beforeAll(async () => {
    admin = await createTestDatabase('postgres');
    const [{ name }] = await admin.prisma.$queryRaw<{ name: string }[]>`SELECT current_database() AS name`;
    const server = new URL(testPostgresUrl);
    proxy = new TcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    await proxy.start();
    const url = new URL(testPostgresUrl);
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    gateway = await startGateway({ passwordScreening: false }, { database });
    http = gateway.http;
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
    await proxy?.stop();
    await admin?.close();
  });

  const signUp = (body = credentials()) => http.post('/api/auth/sign-up/email').set('Origin', ORIGIN).send(body);

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After quickly while the database is away, recovers within 5 s, and loses no sign-up it confirmed', async () => {
    const confirmed: string[] = [];
    const first = credentials();
    const signedUp = await signUp(first).expect(200);
    confirmed.push(first.email);
    const cookie = cookiesOf(signedUp);
    await http.get('/health/ready').expect(200);

    await proxy.stop();
    for (let i = 0; i < 3; i += 1) {
      const body = credentials();
      const started = Date.now();
      const res = await signUp(body);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
      expect(res.headers['retry-after']).toBe('1');
    }
    const session = await http.get('/api/auth/get-session').set('Cookie', cookie);
    expect([session.status, session.body]).toEqual([503, { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' }]);
    const ready = await http.get('/health/ready').expect(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
    await http.get('/health/live').expect(200);

    await proxy.start();
    const restarted = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - restarted < 5_000) {
      const body = credentials();
      const res = await signUp(body);
      expect([200, 503]).toContain(res.status);
      if (res.status === 200) {
        confirmed.push(body.email);
        recovered = true;
      }
    }
    expect(recovered).toBe(true);
    await http.get('/health/ready').expect(200);
    expect((await http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body.user.email).toBe(first.email);

    const stored = await admin.prisma.user.findMany({ where: { email: { in: confirmed } }, select: { email: true } });
    expect(stored.map((user) => user.email).sort()).toEqual([...confirmed].sort());
  });

  it('keeps every answered sign-up while connections are cut under load: only 200s and 503s, and every 200 is stored', async () => {
    const results: Array<{ email: string; status: number }> = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const body = credentials();
        const res = await signUp(body);
        results.push({ email: body.email, status: res.status });
      }
    };
    const workers = [worker(), worker(), worker()];
    const waitFor = async (count: number) => {
      while (results.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await waitFor(3);
    await proxy.stop();
    await waitFor(results.length + 6);
    await proxy.start();
    const restarted = Date.now();
    const fromRestart = results.length;
    const recovered = () => results.slice(fromRestart).some((result) => result.status === 200);
    while (!recovered() && Date.now() - restarted < 5_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(recovered()).toBe(true);
    // Once one sign-up has gone through again, the next ones all do.
    const afterRecovery = results.length;
    await waitFor(afterRecovery + 3);
    running = false;
    await Promise.all(workers);

    expect(new Set(results.map((result) => result.status))).toEqual(new Set([200, 503]));
    expect(results.slice(afterRecovery).every((result) => result.status === 200)).toBe(true);
    const answered = results.filter((result) => result.status === 200).map((result) => result.email);
    const stored = await admin.prisma.user.findMany({ where: { email: { in: answered } }, select: { email: true } });
    expect(stored).toHaveLength(answered.length);
  });
});
