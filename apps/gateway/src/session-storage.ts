// How sessions are read and how their endings reach every gateway instance: the database,
// optionally behind a Redis cache (AUTH_SESSION_STORAGE=redis), and, with the cookie cache on,
// the revocation registry every cached cookie is checked against (Redis when REDIS_URL is set,
// else this process's memory: exact for a single instance).
import type { Container } from 'inversify';
import { UserRepositoryWrapper, type UserRepository } from '@tend/identity';
import type { Clock, Logger } from '@tend/kernel';
import { createRateLimitRedis } from '@tend/rate-limit/redis';
import {
  CachedSessionStore,
  MemoryRevocationRegistry,
  RevocationRecordingSessionStore,
  SessionChanges,
  type RevocationRegistry,
  type SessionStore,
} from '@tend/sessions';
import { RedisRevocationRegistry, RedisSessionCache } from '@tend/sessions/redis';
import type { GatewayConfig } from './config.js';
import type { GatewayModule } from './modules/module.js';

export interface SessionStorage {
  /** What cached cookies are checked against; null when the cookie cache is off. */
  readonly revocations: RevocationRegistry | null;
  /** The database's session store, wrapped: the Redis cache, then the recording of revocations. */
  store(database: SessionStore): SessionStore;
  /** The user repository, wrapped: user writes drop cached sessions, deletions revoke them. */
  users(database: UserRepository): UserRepository;
  /** Lets every module wrap its writes that touch sessions (admin removal, active organizations). */
  observe(c: Container, modules: readonly GatewayModule[]): void;
  /** Resolves once Redis is connected (at once without Redis); until then, the database answers. */
  ready(): Promise<void>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

export function createSessionStorage(config: GatewayConfig, clock: Clock, logger: Logger): SessionStorage {
  const settings = config.sessionStorage ?? { storage: 'database' };
  if (settings.storage === 'redis' && !settings.redisUrl) throw new Error('Session storage "redis" needs REDIS_URL');
  const cookieCache = config.cookieCache.enabled;
  const redisUrl = settings.storage === 'redis' || cookieCache ? settings.redisUrl : undefined;
  // Fails fast while Redis is down (no queue, no retries): the adapters then use the database.
  const redis = redisUrl ? createRateLimitRedis(redisUrl) : null;
  const prefix = settings.keyPrefix ?? 'tend:sessions:';
  const retainMs = config.cookieCache.maxAge * 1000;

  const revocations = !cookieCache
    ? null
    : redis
      ? new RedisRevocationRegistry(redis, { keyPrefix: `${prefix}revoked:`, retainMs, clock, logger })
      : new MemoryRevocationRegistry(clock, { retainMs });
  const cache = settings.storage === 'redis' && redis ? new RedisSessionCache(redis, { keyPrefix: `${prefix}cache:`, clock, logger }) : null;
  const changes = new SessionChanges({ revocations, cache, clock });

  return {
    revocations,
    store(database) {
      const cached = cache ? new CachedSessionStore(database, cache) : database;
      return revocations ? new RevocationRecordingSessionStore(cached, revocations, clock) : cached;
    },
    users: (database) => (changes.active ? new ObservedUsers(database, changes) : database),
    observe(c, modules) {
      if (!changes.active) return;
      for (const module of modules) module.sessionWrites?.(c, changes);
    },
    async ready() {
      if (!redis || redis.status === 'ready') return;
      // Connected, or known to be down (the database answers meanwhile): never a rejection.
      await new Promise<void>((resolve) => {
        const done = () => {
          redis.off('ready', done);
          redis.off('error', done);
          resolve();
        };
        redis.once('ready', done);
        redis.once('error', done);
      });
    },
    async close() {
      if (revocations instanceof RedisRevocationRegistry) revocations.close();
      cache?.close();
      redis?.disconnect();
    },
  };
}

/** User writes told to the session caches: every cached session carries a copy of its user. */
class ObservedUsers extends UserRepositoryWrapper {
  constructor(
    inner: UserRepository,
    private readonly changes: SessionChanges,
  ) {
    super(inner);
  }

  override async update(id: string, patch: Parameters<UserRepository['update']>[1]) {
    const user = await this.inner.update(id, patch);
    await this.changes.userUpdated(id);
    return user;
  }

  override async delete(id: string) {
    await this.inner.delete(id);
    // Its sessions went by cascade, unseen by the session store.
    await this.changes.userDeleted(id);
  }
}
