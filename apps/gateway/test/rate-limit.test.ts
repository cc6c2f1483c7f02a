import { randomBytes } from 'node:crypto';
import { defaultConfig } from '../src/config.js';
import { signUp, startGateway, type TestGateway } from './harness/index.js';

const limits = (overrides: Partial<ReturnType<typeof defaultConfig>['rateLimit']> = {}) => ({
  ...defaultConfig({ secret: 'x'.repeat(32) }).rateLimit,
  enabled: true,
  ...overrides,
});

describe('rate limits (memory)', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ rateLimit: limits() });
  });
  afterAll(() => gateway.close());

  it('allows 3 sign-in attempts per 10 s per client, then answers 429 with Retry-After', async () => {
    const attempt = () => gateway.http.post('/api/auth/sign-in/email').send({ email: 'nobody@example.com', password: 'whatever123' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt().expect(429);
    expect(limited.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-retry-after']).toBe(limited.headers['retry-after']);
    gateway.clock.advance(10_000);
    expect((await attempt()).status).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const attempt = (ip: string) => gateway.http.post('/api/auth/sign-up/email').set('X-Forwarded-For', ip).send({ email: 'bad' });
    gateway.clock.advance(10_000);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(`203.0.113.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('allows 100 requests per 10 s on other routes', async () => {
    gateway.clock.advance(10_000);
    const statuses = [];
    for (let i = 0; i < 101; i += 1) statuses.push((await gateway.http.get('/api/auth/ok')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('client address behind a trusted proxy', () => {
  it('counts each forwarded client separately, and throttles failed sign-ins per account across addresses', async () => {
    const gateway = await startGateway({ rateLimit: limits(), trustedProxies: ['loopback'] });
    try {
      const { body } = await signUp(gateway, {}); // sign-up counts for 127.0.0.1 only
      const from = (ip: string) => ({ 'X-Forwarded-For': ip });
      // A spread-out attacker: every attempt from a new address, all against one account.
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i += 1) {
        const res = await gateway.http.post('/api/auth/sign-in/email').set(from(`198.51.100.${i}`)).send({ email: body.email, password: 'wrong password' });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      // The same answer for an account that does not exist: no enumeration.
      const ghost: number[] = [];
      for (let i = 1; i <= 11; i += 1) {
        const res = await gateway.http.post('/api/auth/sign-in/email').set(from(`192.0.2.${i}`)).send({ email: 'ghost@example.com', password: 'wrong password' });
        ghost.push(res.status);
      }
      expect(ghost).toEqual(statuses);
      // The right password is throttled too until the window passes; then it works.
      await gateway.http.post('/api/auth/sign-in/email').set(from('198.51.100.200')).send({ email: body.email, password: body.password }).expect(429);
      gateway.clock.advance(900_000);
      await gateway.http.post('/api/auth/sign-in/email').set(from('198.51.100.201')).send({ email: body.email, password: body.password }).expect(200);
      // And sessions record the forwarded client, not the proxy.
      const res = await gateway.http.post('/api/auth/sign-in/email').set(from('198.51.100.202')).send({ email: body.email, password: body.password }).expect(200);
      const session = await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${res.body.token}`);
      expect(session.body.session.ipAddress).toBe('198.51.100.202');
    } finally {
      await gateway.close();
    }
  });
});

describe.each(['database', 'redis'] as const)('rate limits stored in %s', (storage) => {
  it(storage === 'redis' ? 'holds one limit across two gateway instances sharing Redis' : 'holds the limit in the rate_limit table', async () => {
    const settings = limits({ storage, redisUrl: 'redis://127.0.0.1:6379', rules: { '/ok': { window: 10, max: 3 } } });
    const first = await startGateway({ rateLimit: settings, trustedProxies: ['loopback'] });
    // The second instance shares the first one's store: the same database, or the same Redis.
    const second = storage === 'redis' ? await startGateway({ rateLimit: settings, trustedProxies: ['loopback'] }) : first;
    try {
      // Until an instance's Redis connection is up, its limiter counts in memory (and keeps doing so
      // for the fallback's retry interval): start counting once both are ready, Redis included.
      for (const gateway of new Set([first, second])) await untilReady(gateway);
      // A client address of its own, so runs in parallel (and earlier runs) never share the bucket.
      const bytes = randomBytes(3);
      const client = `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
      const statuses: number[] = [];
      for (const gateway of [first, second, first, second]) statuses.push((await gateway.http.get('/api/auth/ok').set('X-Forwarded-For', client)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await first.close();
      if (second !== first) await second.close();
    }
  });
});

/** Polls /health/ready until it answers status ok (database, and Redis when configured, not `degraded`), for up to 10 s. */
async function untilReady(gateway: TestGateway): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await gateway.http.get('/health/ready')).body?.status !== 'ok') {
    if (Date.now() > deadline) throw new Error('the gateway did not become ready within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
