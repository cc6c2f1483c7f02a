// Two gateway instances on one database and one Redis, with the cookie cache on: what a
// deployment behind a load balancer looks like (revocation and session-storage tests).
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, type Logger } from '@tend/kernel';
import { createRateLimitRedis } from '@tend/rate-limit/redis';
import type { GatewayConfig } from '../../src/index.js';
import { TOKENS } from '../../src/tokens.js';
import { startGateway, type TestGateway } from './gateway.js';

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
  const overrides: Partial<GatewayConfig> = {
    cookieCache: { enabled: true, maxAge: 300 },
    sessionStorage: { storage: options.storage ?? 'database', redisUrl, keyPrefix },
    ...options.config,
  };
  const instance = () => startGateway(overrides, { database, clock, logger: options.logger });
  const [a, b] = [await instance(), await instance()];
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
