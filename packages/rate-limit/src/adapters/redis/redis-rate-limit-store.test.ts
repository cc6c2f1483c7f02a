import type { Redis } from 'ioredis';
import { ManualClock } from '@tend/kernel';
import { RateLimiter } from '../../rate-limiter.js';
import { describeRateLimitStoreContract } from '../../testing/index.js';
import { RedisRateLimitStore, createRateLimitRedis } from './redis-rate-limit-store.js';
import { connectTestRedis, deleteKeys, uniqueTestPrefix } from '../../testing/redis.js';

describeRateLimitStoreContract('redis', async () => {
  const redis = await connectTestRedis();
  const keyPrefix = uniqueTestPrefix();
  return {
    store: new RedisRateLimitStore(redis, { keyPrefix }),
    async close() {
      await deleteKeys(redis, keyPrefix);
      await redis.quit();
    },
  };
});

describe('RedisRateLimitStore', () => {
  const T0 = Date.UTC(2026, 0, 1);
  const keyPrefix = uniqueTestPrefix();
  let redis: Redis;
  let other: Redis;

  beforeAll(async () => {
    [redis, other] = await Promise.all([connectTestRedis(), connectTestRedis()]);
  });

  afterAll(async () => {
    await deleteKeys(redis, keyPrefix);
    await Promise.all([redis.quit(), other.quit()]);
  });

  it('stores a counter under its prefix, expiring with its window so Redis frees it', async () => {
    const store = new RedisRateLimitStore(redis, { keyPrefix });
    await store.hit('ttl', 10_000, T0);
    await store.hit('ttl', 10_000, T0 + 1);
    expect(await redis.hgetall(`${keyPrefix}ttl`)).toEqual({ start: String(T0), count: '2' });
    const ttl = await redis.pttl(`${keyPrefix}ttl`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });

  it('makes one round trip per hit: the loaded script, by EVALSHA', async () => {
    const store = new RedisRateLimitStore(redis, { keyPrefix });
    await store.hit('warm', 10_000, T0);
    const sent: string[] = [];
    const send = redis.sendCommand.bind(redis);
    const spy = jest.spyOn(redis, 'sendCommand').mockImplementation((command, stream) => {
      sent.push(command.name);
      return send(command, stream);
    });
    try {
      expect((await store.hit('warm', 10_000, T0)).count).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(sent).toEqual(['evalsha']);
  });

  it('shares one limit between two gateway instances on one Redis', async () => {
    const clockA = new ManualClock(T0);
    const clockB = new ManualClock(T0);
    const instanceA = new RateLimiter({ enabled: true }, new RedisRateLimitStore(redis, { keyPrefix }), clockA);
    const instanceB = new RateLimiter({ enabled: true }, new RedisRateLimitStore(other, { keyPrefix }), clockB);
    const request = { ip: '198.51.100.7', path: '/sign-in/email' };
    expect((await instanceA.check(request)).allowed).toBe(true);
    expect((await instanceB.check(request)).allowed).toBe(true);
    expect((await instanceA.check(request)).allowed).toBe(true);
    expect(await instanceB.check(request)).toEqual({ allowed: false, retryAfterSeconds: 10, limit: 3, remaining: 0 });
    expect((await instanceA.check(request)).allowed).toBe(false);
    // Another client is not affected.
    expect((await instanceB.check({ ...request, ip: '198.51.100.8' })).allowed).toBe(true);
  });

  it('fails fast, without queueing, when Redis cannot be reached', async () => {
    const unreachable = createRateLimitRedis('redis://127.0.0.1:6390');
    try {
      const store = new RedisRateLimitStore(unreachable, { keyPrefix });
      await expect(store.hit('down', 10_000, T0)).rejects.toThrow();
      await expect(store.peek('down', 10_000, T0)).rejects.toThrow();
    } finally {
      unreachable.disconnect();
    }
  });
});
