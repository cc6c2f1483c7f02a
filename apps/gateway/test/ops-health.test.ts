import request from 'supertest';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger, type Logger } from '@tend/kernel';
import { checkReadiness } from '../src/http/health.js';
import { createGateway, defaultConfig, type GatewayConfig } from '../src/index.js';
import { SECRET, startGateway, type TestGateway } from './harness/index.js';

/** A gateway whose database the test holds (to break it). */
async function ownGateway(overrides: Partial<GatewayConfig> = {}, logger: Logger = silentLogger) {
  const database = await createTestDatabase(selectedTestDatabase());
  const config = defaultConfig({ secret: SECRET, checkReplies: 'throw', ...overrides });
  const gateway = createGateway({ config, database, clock: new ManualClock(new Date()), logger });
  return { database, gateway, http: request(gateway.app), close: async () => (await gateway.close(), await database.close().catch(() => undefined)) };
}

/** A logger that keeps what it was told, to check what the gateway reports. */
function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } satisfies Logger };
}

const limits = (overrides: Partial<GatewayConfig['rateLimit']> = {}): GatewayConfig['rateLimit'] => ({
  ...defaultConfig({ secret: SECRET }).rateLimit,
  enabled: true,
  ...overrides,
});

describe('health checks', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    // One request per window everywhere: any probe that counted would be refused.
    gateway = await startGateway({ rateLimit: limits({ window: 60, max: 1 }) });
  });
  afterAll(() => gateway.close());

  it('GET /health/live answers 200 {status: ok}, never cached', async () => {
    const res = await gateway.http.get('/health/live').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/ready answers 200 with its checks when the database is reachable and migrated', async () => {
    const res = await gateway.http.get('/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is never rate limited, needs no session and no Origin, while the auth routes are limited', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await gateway.http.get('/health/live')).status).toBe(200);
      expect((await gateway.http.get('/health/ready')).status).toBe(200);
    }
    expect((await gateway.http.get('/api/auth/ok')).status).toBe(200);
    expect((await gateway.http.get('/api/auth/ok')).status).toBe(429);
  });

  it('lives outside the auth base path', async () => {
    const res = await gateway.http.get('/api/auth/health/ready').expect(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
  });
});

describe('readiness failures', () => {
  it('answers 503 {status: unavailable} once the database cannot be reached', async () => {
    const own = await ownGateway();
    try {
      await own.http.get('/health/ready').expect(200);
      await own.database.close();
      const res = await own.http.get('/health/ready').expect(503);
      expect(res.body).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
      expect(res.headers['cache-control']).toBe('no-store');
      // Alive all the same: the process answers.
      await own.http.get('/health/live').expect(200);
    } finally {
      await own.close();
    }
  });

  it('answers 503 with migrations: pending when a migration is not applied', async () => {
    const own = await ownGateway();
    try {
      await own.database.exec(`DELETE FROM "_prisma_migrations" WHERE migration_name = (SELECT max(migration_name) FROM "_prisma_migrations")`);
      const res = await own.http.get('/health/ready').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await own.close();
    }
  });

  it('checks Redis when the rate limits live there: ok while it answers; while it cannot be reached, 200 with redis: degraded, logged once', async () => {
    const log = recordingLogger();
    const up = await ownGateway({ rateLimit: limits({ storage: 'redis', redisUrl: 'redis://127.0.0.1:6379' }) });
    const down = await ownGateway({ rateLimit: limits({ storage: 'redis', redisUrl: 'redis://127.0.0.1:1' }) }, log.logger);
    try {
      expect((await up.http.get('/health/ready').expect(200)).body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
      // Every instance keeps serving on its fallbacks: readiness must not take them all out.
      for (let i = 0; i < 2; i += 1) {
        const res = await down.http.get('/health/ready').expect(200);
        expect(res.body).toEqual({ status: 'degraded', checks: { database: 'ok', migrations: 'ok', redis: 'degraded' } });
      }
      expect(log.lines.filter((line) => line.message.startsWith('readiness'))).toEqual([
        { level: 'warn', message: 'readiness degraded: Redis unreachable, serving on the fallbacks', fields: { redis: 'degraded' } },
      ]);
    } finally {
      await up.close();
      await down.close();
    }
  });

  it('still answers 503 for the database while Redis is down too', async () => {
    const own = await ownGateway({ rateLimit: limits({ storage: 'redis', redisUrl: 'redis://127.0.0.1:1' }) });
    try {
      await own.database.close();
      const res = await own.http.get('/health/ready').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'unavailable', migrations: 'unavailable', redis: 'degraded' } });
    } finally {
      await own.close();
    }
  });

  it('answers 503 stopping once the gateway is shutting down, while liveness stays 200', async () => {
    const own = await ownGateway();
    try {
      await own.http.get('/health/ready').expect(200);
      own.gateway.markStopping();
      const res = await own.http.get('/health/ready').expect(503);
      expect(res.body).toEqual({ status: 'stopping', checks: {} });
      expect(res.headers['cache-control']).toBe('no-store');
      await own.http.get('/health/live').expect(200);
      await own.http.get('/api/auth/ok').expect(200);
    } finally {
      await own.close();
    }
  });

  it('bounds a check that hangs to about a second', async () => {
    const started = Date.now();
    const report = await checkReadiness({ database: { ping: () => new Promise(() => undefined), migrationsPending: async () => [] } });
    expect(report).toEqual({ status: 'unavailable', checks: { database: 'unavailable', migrations: 'ok' } });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
