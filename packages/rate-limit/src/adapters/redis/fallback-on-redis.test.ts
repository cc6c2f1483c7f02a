// FallbackRateLimitStore in front of a real Redis: unreachable, then an outage and its recovery.
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Redis } from 'ioredis';
import { ManualClock } from '@tend/kernel';
import { FallbackRateLimitStore } from '../../fallback-rate-limit-store.js';
import { RateLimiter } from '../../rate-limiter.js';
import { RecordingLogger } from '../../testing/index.js';
import { connectTestRedis, deleteKeys, uniqueTestPrefix } from '../../testing/redis.js';
import { RedisRateLimitStore, createRateLimitRedis } from './redis-rate-limit-store.js';

const T0 = Date.UTC(2026, 0, 1);
const SIGN_IN = { ip: '198.51.100.20', path: '/sign-in/email' };

/** A TCP relay to the test Redis that can be cut and restored: a real outage, on demand. */
class RedisRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(6379, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

describe('FallbackRateLimitStore on Redis', () => {
  const keyPrefix = uniqueTestPrefix();
  let direct: Redis;

  beforeAll(async () => {
    direct = await connectTestRedis();
  });

  afterAll(async () => {
    await deleteKeys(direct, keyPrefix);
    await direct.quit();
  });

  it('limits from memory when Redis refuses connections, and logs it once', async () => {
    const unreachable = createRateLimitRedis('redis://127.0.0.1:6390');
    try {
      const clock = new ManualClock(T0);
      const logger = new RecordingLogger();
      const primary = new RedisRateLimitStore(unreachable, { keyPrefix });
      const store = new FallbackRateLimitStore({ primary, logger, clock, name: 'redis' });
      const limiter = new RateLimiter({ enabled: true }, store, clock);
      const decisions = [];
      for (let i = 0; i < 5; i += 1) decisions.push((await limiter.check(SIGN_IN)).allowed);
      expect(decisions).toEqual([true, true, true, false, false]);
      expect(store.usingFallback).toBe(true);
      expect(logger.levels()).toEqual(['warn']);
    } finally {
      unreachable.disconnect();
    }
  });

  it('serves from Redis while it answers', async () => {
    const redis = await connectTestRedis();
    try {
      const clock = new ManualClock(T0);
      const logger = new RecordingLogger();
      const store = new FallbackRateLimitStore({ primary: new RedisRateLimitStore(redis, { keyPrefix }), logger, clock });
      const limiter = new RateLimiter({ enabled: true }, store, clock);
      await limiter.check({ ...SIGN_IN, ip: '198.51.100.21' });
      await limiter.check({ ...SIGN_IN, ip: '198.51.100.21' });
      expect(await direct.hget(`${keyPrefix}request|198.51.100.21|/sign-in/email`, 'count')).toBe('2');
      expect(logger.lines).toEqual([]);
    } finally {
      await redis.quit();
    }
  });

  it('takes a stalled event loop for what it is, not for a slow Redis', async () => {
    const redis = await connectTestRedis();
    try {
      const logger = new RecordingLogger();
      const store = new FallbackRateLimitStore({ primary: new RedisRateLimitStore(redis, { keyPrefix }), logger, clock: new ManualClock(T0), timeoutMs: 200 });
      await store.hit('warm', 60_000, T0); // the hit script loaded: one round trip from here on
      const pending = store.hit('stalled', 60_000, T0);
      const until = Date.now() + 600; // a synchronous task three deadlines long, while Redis answers
      while (Date.now() < until) {
        // busy
      }
      expect((await pending).count).toBe(1);
      expect(store.usingFallback).toBe(false);
      expect(logger.lines).toEqual([]);
      expect(await direct.hget(`${keyPrefix}stalled`, 'count')).toBe('1');
    } finally {
      await redis.quit();
    }
  });

  it('counts a Redis that takes the command but never answers as down, after the deadline', async () => {
    // A relay to the test Redis whose answers can be swallowed: connected, then silent.
    let silent = false;
    const relay = createServer((client) => {
      const upstream = connect(6379, '127.0.0.1');
      for (const socket of [client, upstream]) socket.on('error', () => undefined);
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.on('data', (answer: Buffer) => silent || client.write(answer));
    });
    relay.listen(0, '127.0.0.1');
    await once(relay, 'listening');
    const redis = await connectTestRedis(`redis://127.0.0.1:${(relay.address() as AddressInfo).port}`);
    try {
      const logger = new RecordingLogger();
      const store = new FallbackRateLimitStore({ primary: new RedisRateLimitStore(redis, { keyPrefix }), logger, clock: new ManualClock(T0), timeoutMs: 200, name: 'redis' });
      await store.hit('warm', 60_000, T0);
      silent = true;
      const started = Date.now();
      expect((await store.hit('hanging', 60_000, T0)).count).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect(store.usingFallback).toBe(true);
      expect(logger.lines).toEqual([expect.objectContaining({ level: 'warn', context: { error: 'no answer within 200 ms' } })]);
    } finally {
      redis.disconnect();
      relay.close();
    }
  });

  it('falls back during a Redis outage and returns to Redis when it is back', async () => {
    const relay = new RedisRelay();
    await relay.start();
    const redis = await connectTestRedis(`redis://127.0.0.1:${relay.port}`);
    try {
      const clock = new ManualClock(T0);
      const logger = new RecordingLogger();
      const primary = new RedisRateLimitStore(redis, { keyPrefix });
      const store = new FallbackRateLimitStore({ primary, logger, clock, probeIntervalMs: 5_000, name: 'redis' });
      const limiter = new RateLimiter({ enabled: true, rules: { '/sign-in/*': { window: 60, max: 3 } } }, store, clock);
      const key = `${keyPrefix}request|${SIGN_IN.ip}|${SIGN_IN.path}`;

      expect(await limiter.check(SIGN_IN)).toMatchObject({ allowed: true, remaining: 2 });
      expect(await direct.hget(key, 'count')).toBe('1');

      const lost = once(redis, 'close');
      await relay.stop();
      await lost;
      expect(await limiter.check(SIGN_IN)).toMatchObject({ allowed: true, remaining: 2 }); // memory's first
      expect(await limiter.check(SIGN_IN)).toMatchObject({ allowed: true, remaining: 1 });
      expect(store.usingFallback).toBe(true);
      expect(logger.levels()).toEqual(['warn']);

      const back = once(redis, 'ready');
      await relay.start();
      await back;
      // Back, but the next probe is not due yet.
      expect(await limiter.check(SIGN_IN)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await direct.hget(key, 'count')).toBe('1');
      clock.advance(5_000);
      expect(await limiter.check(SIGN_IN)).toMatchObject({ allowed: true, remaining: 1 }); // Redis's second
      expect(await direct.hget(key, 'count')).toBe('2');
      expect(store.usingFallback).toBe(false);
      expect(logger.levels()).toEqual(['warn', 'info']);
    } finally {
      redis.disconnect();
      await relay.stop();
    }
  });
});
