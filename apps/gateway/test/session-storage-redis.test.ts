// The Redis adapters of @tend/sessions against the Redis on 127.0.0.1:6379 (the sessions package
// has no Redis client of its own): the revocation registry and the session cache run their
// contracts, the cached session store runs the SessionStore contract, and each survives an outage.
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { createTestDatabase, selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger, type Logger } from '@tend/kernel';
import { newUser } from '@tend/identity';
import type { Session } from '@tend/sessions';
import { createRateLimitRedis } from '@tend/rate-limit/redis';
import { CachedSessionStore, SessionChanges } from '@tend/sessions';
import { PrismaSessionStore, SqlSessionStore } from '@tend/sessions/prisma';
import { RedisRevocationRegistry, RedisSessionCache } from '@tend/sessions/redis';
import { revocationRegistryContract, sessionCacheContract, sessionStoreContract } from '@tend/sessions/testing';
import { connectTestRedis, deleteKeys, type RedisClient, uniqueKeyPrefix } from './harness/index.js';

const MAX_AGE = 300_000;
const T0 = Date.UTC(2026, 0, 1);

/** Log lines, by level. */
class RecordingLogger implements Logger {
  readonly lines: Array<{ level: string; message: string }> = [];
  info(message: string) {
    this.lines.push({ level: 'info', message });
  }
  warn(message: string) {
    this.lines.push({ level: 'warn', message });
  }
  error(message: string) {
    this.lines.push({ level: 'error', message });
  }
}

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

function sessionOf(userId: string, now: number, overrides: Partial<Session> = {}): Session {
  return { id: `s-${Math.random()}`, token: `${Math.random().toString(36).slice(2)}${'x'.repeat(32)}`.slice(0, 32), userId, expiresAt: new Date(now + 7 * 86_400_000), ipAddress: null, userAgent: 'jest', impersonatedBy: null, activeOrganizationId: null, createdAt: new Date(now), updatedAt: new Date(now), ...overrides };
}

revocationRegistryContract('redis', async () => {
  const redis = await connectTestRedis();
  const keyPrefix = uniqueKeyPrefix();
  const clock = new ManualClock(T0);
  const registry = new RedisRevocationRegistry(redis, { keyPrefix, retainMs: MAX_AGE, clock, logger: silentLogger });
  await registry.isRevoked('warm-up', 'warm-up', new Date(0));
  return {
    registry,
    clock,
    close: async () => {
      registry.close();
      await deleteKeys(redis, keyPrefix);
      await redis.quit();
    },
  };
});

sessionCacheContract('redis', async () => {
  const redis = await connectTestRedis();
  const keyPrefix = uniqueKeyPrefix();
  const clock = new ManualClock(T0);
  const cache = new RedisSessionCache(redis, { keyPrefix, clock, logger: silentLogger });
  return {
    cache,
    clock,
    close: async () => {
      cache.close();
      await deleteKeys(redis, keyPrefix);
      await redis.quit();
    },
  };
});

// The Redis cache in front of the SQL store: every answer of the suite equals the Prisma store's.
sessionStoreContract(`cached (redis) on sql on ${selectedTestDatabase()}`, async () => {
  const db = await createTestDatabase(selectedTestDatabase());
  const redis = await connectTestRedis();
  const keyPrefix = uniqueKeyPrefix();
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  const cache = new RedisSessionCache(redis, { keyPrefix, clock, logger: silentLogger });
  const changes = new SessionChanges({ revocations: null, cache, clock });
  return {
    store: new CachedSessionStore(new SqlSessionStore(db.prisma, db.sql), cache),
    reference: new PrismaSessionStore(db.prisma),
    seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
    deleteUser: async (userId) => {
      await db.prisma.user.delete({ where: { id: userId } });
      await changes.userDeleted(userId);
    },
    close: async () => {
      cache.close();
      await deleteKeys(redis, keyPrefix);
      await redis.quit();
      await db.close();
    },
  };
});

describe('RedisRevocationRegistry', () => {
  const keyPrefix = uniqueKeyPrefix();
  let redis: RedisClient;

  beforeAll(async () => {
    redis = await connectTestRedis();
  });
  afterAll(async () => {
    await deleteKeys(redis, keyPrefix);
    await redis.quit();
  });

  const registryOn = (client: RedisClient, clock: ManualClock, logger: Logger = silentLogger, prefix = keyPrefix) =>
    new RedisRevocationRegistry(client, { keyPrefix: prefix, retainMs: MAX_AGE, clock, logger, probeIntervalMs: 5000 });

  it('keeps marks as long as the cookie cache max age (plus the clock tolerance), and never a raw token in a key', async () => {
    const clock = new ManualClock(T0);
    const registry = registryOn(redis, clock);
    const token = 'T'.repeat(32);
    await registry.revokeSession(token);
    await registry.revokeUser('user-ttl', clock.now());
    const keys = (await redis.keys(`${keyPrefix}*`)).filter((key) => !key.endsWith('floor'));
    expect(keys.some((key) => key.includes(token))).toBe(false);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(MAX_AGE);
      expect(ttl).toBeLessThanOrEqual(MAX_AGE + 1000);
    }
  });

  it('checks a cached copy with one round trip (MGET)', async () => {
    const clock = new ManualClock(T0);
    const registry = registryOn(redis, clock);
    await registry.isRevoked('warm', 'warm', new Date(0));
    const sent: string[] = [];
    const send = redis.sendCommand.bind(redis);
    const spy = jest.spyOn(redis, 'sendCommand').mockImplementation((command, stream) => {
      sent.push(command.name);
      return send(command, stream);
    });
    try {
      clock.advance(60_000);
      expect(await registry.isRevoked('t-one-trip', 'u-one-trip', clock.now())).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(sent).toEqual(['mget']);
  });

  it('refuses every copy made before it first knew anything (a Redis that is new, or lost its data)', async () => {
    const clock = new ManualClock(T0);
    const prefix = uniqueKeyPrefix();
    const registry = registryOn(redis, clock, silentLogger, prefix);
    try {
      const copy = new Date(T0 - 60_000);
      expect(await registry.isRevoked('t', 'u', copy)).toBe(true);
      expect(await registry.isRevoked('t', 'u', copy)).toBe(true);
      expect(await registry.isRevoked('t', 'u', new Date(T0 + 60_000))).toBe(false);
      await redis.del(`${prefix}floor`);
      clock.advance(120_000);
      expect(await registry.isRevoked('t', 'u', new Date(T0 + 60_000))).toBe(true);
    } finally {
      await deleteKeys(redis, prefix);
    }
  });

  it('answers "revoked" (ask the database) while Redis cannot be reached, and logs it once', async () => {
    const unreachable = createRateLimitRedis('redis://127.0.0.1:6390');
    const logger = new RecordingLogger();
    const registry = registryOn(unreachable, new ManualClock(T0), logger);
    try {
      await registry.revokeSession('t');
      expect(await registry.isRevoked('t2', 'u', new Date(T0))).toBe(true);
      expect(await registry.isRevoked('t3', 'u', new Date(T0))).toBe(true);
      expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
    } finally {
      registry.close();
      unreachable.disconnect();
    }
  });

  it('after an outage, refuses the copies made before Redis answered again (revocations it may have missed), then trusts new ones', async () => {
    const relay = new RedisRelay();
    await relay.start();
    const viaRelay = await connectTestRedis(`redis://127.0.0.1:${relay.port}`);
    const clock = new ManualClock(T0);
    const logger = new RecordingLogger();
    const prefix = uniqueKeyPrefix();
    // Instance A talks through the relay; instance B straight to Redis.
    const a = registryOn(viaRelay, clock, logger, prefix);
    const b = registryOn(redis, clock, silentLogger, prefix);
    try {
      await a.isRevoked('warm', 'warm', new Date(0));
      clock.advance(10_000);
      const before = clock.now();
      clock.advance(10_000);
      expect(await b.isRevoked('t-outage', 'u-outage', before)).toBe(false);

      const lost = once(viaRelay, 'close');
      await relay.stop();
      await lost;
      // A signs the session out while Redis is out of its reach: the mark is lost.
      await a.revokeSession('t-outage');
      expect(await a.isRevoked('t-other', 'u-other', before)).toBe(true);
      expect(await b.isRevoked('t-outage', 'u-outage', before)).toBe(false);

      const back = once(viaRelay, 'ready');
      await relay.start();
      await back;
      clock.advance(5000);
      // A's first call after the outage raises the floor before anything else.
      expect(await a.isRevoked('t-new', 'u-new', new Date(clock.now().getTime() + 5000))).toBe(false);
      expect(await b.isRevoked('t-outage', 'u-outage', before)).toBe(true);
      expect(logger.lines.map((line) => line.level)).toEqual(['warn', 'info']);
    } finally {
      a.close();
      viaRelay.disconnect();
      await relay.stop();
      await deleteKeys(redis, prefix);
    }
  });
});

describe('RedisSessionCache', () => {
  const keyPrefix = uniqueKeyPrefix();
  let redis: RedisClient;

  beforeAll(async () => {
    redis = await connectTestRedis();
  });
  afterAll(async () => {
    await deleteKeys(redis, keyPrefix);
    await redis.quit();
  });

  const lookup = (now: number, expiresInMs: number) => {
    const user = newUser({ id: `u-${Math.random()}`, email: 'a@example.com', name: 'A' }, new Date(now));
    const session = sessionOf(user.id, now, { expiresAt: new Date(now + expiresInMs) });
    return { token: session.token, found: { session, user } };
  };

  it('keeps an entry one hour at most, and no longer than the session lives; the user index as long as its newest entry', async () => {
    const clock = new ManualClock(T0);
    const cache = new RedisSessionCache(redis, { keyPrefix, clock, logger: silentLogger });
    const long = lookup(T0, 7 * 86_400_000);
    const short = lookup(T0, 90_000);
    for (const { token, found } of [long, short]) await cache.fill(token, found);
    const ttl = async (userId: string, prefix: 's:' | 'u:') => {
      const keys = prefix === 'u:' ? [`${keyPrefix}u:${userId}`] : (await redis.smembers(`${keyPrefix}u:${userId}`)).map((hash) => `${keyPrefix}s:${hash}`);
      return redis.pttl(keys[0]!);
    };
    expect(await ttl(long.found.user.id, 's:')).toBeGreaterThan(3_590_000);
    expect(await ttl(long.found.user.id, 's:')).toBeLessThanOrEqual(3_600_000);
    expect(await ttl(short.found.user.id, 's:')).toBeLessThanOrEqual(90_000);
    expect(await ttl(short.found.user.id, 'u:')).toBeGreaterThan(3_590_000);
    expect((await redis.keys(`${keyPrefix}*`)).some((key) => key.includes(long.token))).toBe(false);
  });

  it('misses, drops writes and logs once while Redis cannot be reached; the store answers from the database', async () => {
    const unreachable = createRateLimitRedis('redis://127.0.0.1:6390');
    const logger = new RecordingLogger();
    const db = await createTestDatabase(selectedTestDatabase());
    const cache = new RedisSessionCache(unreachable, { keyPrefix, clock: new ManualClock(T0), logger });
    try {
      const user = newUser({ id: `u-${Math.random()}`, email: 'down@example.com', name: 'Down' }, new Date(T0));
      await db.prisma.user.create({ data: user });
      const store = new CachedSessionStore(new PrismaSessionStore(db.prisma), cache);
      const session = sessionOf(user.id, T0);
      await store.create(session);
      expect((await store.findByToken(session.token))?.session).toStrictEqual(session);
      await store.delete(session.token);
      expect(await store.findByToken(session.token)).toBeNull();
      expect(logger.lines.map((line) => line.level)).toEqual(['warn']);
    } finally {
      cache.close();
      unreachable.disconnect();
      await db.close();
    }
  });

  it('voids every entry after an outage (invalidations may have been lost), then caches again', async () => {
    const relay = new RedisRelay();
    await relay.start();
    const viaRelay = await connectTestRedis(`redis://127.0.0.1:${relay.port}`);
    const clock = new ManualClock(T0);
    const prefix = uniqueKeyPrefix();
    const a = new RedisSessionCache(viaRelay, { keyPrefix: prefix, clock, logger: silentLogger, probeIntervalMs: 5000 });
    const b = new RedisSessionCache(redis, { keyPrefix: prefix, clock, logger: silentLogger, tombstoneMs: 1 });
    try {
      const entry = lookup(T0, 86_400_000);
      await b.fill(entry.token, entry.found);
      expect(await a.get(entry.token)).toStrictEqual(entry.found);

      const lost = once(viaRelay, 'close');
      await relay.stop();
      await lost;
      // A signs the session out with Redis out of its reach: the invalidation is lost...
      await a.invalidateToken(entry.token);
      expect(await b.get(entry.token)).toStrictEqual(entry.found);

      const back = once(viaRelay, 'ready');
      await relay.start();
      await back;
      clock.advance(5000);
      // ...so A voids everything before it uses Redis again.
      expect(await a.get(entry.token)).toBeNull();
      expect(await b.get(entry.token)).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = lookup(T0, 86_400_000);
      await b.fill(later.token, later.found);
      expect(await b.get(later.token)).toStrictEqual(later.found);
    } finally {
      a.close();
      viaRelay.disconnect();
      await relay.stop();
      await deleteKeys(redis, prefix);
    }
  });
});
