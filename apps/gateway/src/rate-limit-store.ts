import type { Database } from '@tend/database';
import type { Clock, Logger } from '@tend/kernel';
import { FallbackRateLimitStore, MemoryRateLimitStore, type RateLimitStore } from '@tend/rate-limit';
import { PrismaRateLimitStore } from '@tend/rate-limit/prisma';
import { RedisRateLimitStore, createRateLimitRedis } from '@tend/rate-limit/redis';
import type { RateLimitSettings } from './config.js';

export interface OwnedStore {
  store: RateLimitStore;
  close(): Promise<void>;
  /** Redis only: resolves when Redis answers a PING (readiness). */
  ping?(): Promise<void>;
}

/**
 * The store the settings name. Redis is wrapped so that the gateway keeps serving (on an
 * in-process limiter, logged) while Redis is down, and goes back to it when it returns.
 */
export function createRateLimitStore(settings: RateLimitSettings, db: Database, clock: Clock, logger: Logger): OwnedStore {
  switch (settings.storage) {
    case 'database':
      return { store: new PrismaRateLimitStore(db), close: async () => undefined };
    case 'redis': {
      if (!settings.redisUrl) throw new Error('Rate limit storage "redis" needs REDIS_URL');
      const redis = createRateLimitRedis(settings.redisUrl);
      const store = new FallbackRateLimitStore({ primary: new RedisRateLimitStore(redis, { keyPrefix: 'tend:rate-limit:' }), logger, clock, name: 'redis' });
      return { store, close: async () => void redis.disconnect(), ping: async () => void (await redis.ping()) };
    }
    default:
      return { store: new MemoryRateLimitStore(), close: async () => undefined };
  }
}
