// Helpers (not exported) for the tests that use the Redis on 127.0.0.1:6379 (or TEST_REDIS_URL).
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRateLimitRedis } from '../adapters/redis/redis-rate-limit-store.js';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test run uses, so runs never see each other's counters. */
export function uniqueTestPrefix(): string {
  return `tend-test:rate-limit:${randomUUID()}:`;
}

/** A connected client (rate-limit options) for the test Redis. */
export async function connectTestRedis(url = testRedisUrl): Promise<Redis> {
  const redis = createRateLimitRedis(url);
  if (redis.status !== 'ready') await once(redis, 'ready');
  return redis;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
