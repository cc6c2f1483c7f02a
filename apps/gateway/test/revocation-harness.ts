// Two gateway instances on one database and one Redis, with the cookie cache on: what a
// deployment behind a load balancer looks like. Helpers of revocation*.test.ts and
// session-storage*.test.ts.
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger, type Logger } from '@tend/kernel';
import { createRateLimitRedis } from '@tend/rate-limit/redis';
import { createGateway, defaultConfig, type GatewayConfig } from '../src/index.js';
import { TOKENS } from '../src/tokens.js';
import { ORIGIN, SECRET, type TestGateway } from './harness.js';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test run uses. */
export const uniqueKeyPrefix = () => `tend-test:sessions:${randomUUID()}:`;

export type RedisClient = ReturnType<typeof createRateLimitRedis>;

/** A connected client for the test Redis (fails fast, like the gateway's). */
export async function connectTestRedis(url = testRedisUrl): Promise<RedisClient> {
  const redis = createRateLimitRedis(url);
  if (redis.status !== 'ready') await once(redis, 'ready');
  return redis;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(redis: RedisClient, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export interface Instances {
  a: TestGateway;
  b: TestGateway;
  /** The clock both instances read (one wall clock). */
  clock: ManualClock;
  keyPrefix: string;
  close(): Promise<void>;
}

export interface InstancesOptions {
  /** AUTH_SESSION_STORAGE (default database). */
  storage?: 'database' | 'redis';
  /** REDIS_URL; null: none (each instance revokes in its own memory). Default the test Redis. */
  redisUrl?: string | null;
  config?: Partial<GatewayConfig>;
  logger?: Logger;
}

/** Two instances (A and B) of the gateway on a fresh database, sharing Redis under a fresh key prefix. */
export async function startInstances(options: InstancesOptions = {}): Promise<Instances> {
  const database = await createTestDatabase(selectedTestDatabase());
  const clock = new ManualClock(new Date());
  const keyPrefix = uniqueKeyPrefix();
  const redisUrl = options.redisUrl === undefined ? testRedisUrl : (options.redisUrl ?? undefined);
  const config = defaultConfig({
    secret: SECRET,
    baseURL: ORIGIN,
    checkReplies: 'throw',
    cookieCache: { enabled: true, maxAge: 300 },
    sessionStorage: { storage: options.storage ?? 'database', redisUrl, keyPrefix },
    ...options.config,
  });
  const instance = (): TestGateway => {
    const gateway = createGateway({ config, database, clock, logger: options.logger ?? silentLogger });
    return {
      app: gateway.app,
      container: gateway.container,
      clock,
      http: request(gateway.app),
      close: async () => {
        await gateway.close();
        await gateway.container.get(TOKENS.SessionStorage).close();
      },
    };
  };
  const [a, b] = [instance(), instance()];
  // Connected, then used once: a call before the connection fails, which makes the instance void
  // every cached copy made until it reaches Redis again; the tests' cookies come later.
  for (const { container } of [a, b]) {
    const storage = container.get(TOKENS.SessionStorage);
    if (redisUrl === testRedisUrl) await storage.ready();
    await storage.revocations?.isRevoked('warm-up', 'warm-up', new Date(0));
  }
  clock.advance(5000);
  return {
    a,
    b,
    clock,
    keyPrefix,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      if (redisUrl === testRedisUrl) {
        const redis = await connectTestRedis(redisUrl);
        await deleteKeys(redis, keyPrefix);
        await redis.quit();
      }
      await database.close();
    },
  };
}

/** GET /get-session with a cookie; the body is null without a live session. */
export const getSession = (gateway: TestGateway, cookie: string) => gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);

/** A state-changing call with a cookie, from the trusted origin. */
export const post = (gateway: TestGateway, path: string, cookie: string, body: object = {}) =>
  gateway.http.post(`/api/auth${path}`).set('Cookie', cookie).set('Origin', ORIGIN).send(body);

/**
 * Polls GET /get-session on `gateway` every 10 ms, ten times at most (100 ms), until it answers
 * null; answers how many polls it took (11: never).
 */
export async function pollsUntilSignedOut(gateway: TestGateway, cookie: string): Promise<number> {
  for (let poll = 1; poll <= 10; poll += 1) {
    if ((await getSession(gateway, cookie)).body === null) return poll;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return 11;
}
