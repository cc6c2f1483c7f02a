import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';
import type { RateLimitAdmission, RateLimitHit, RateLimitStore } from '../../rate-limit-store.port.js';

// KEYS[1] the counter (a hash: start, count); ARGV[1] now, ARGV[2] window, both in ms.
// The caller's clock decides windows (as in every store); PEXPIRE only frees memory afterwards.
// `start` is stored from ARGV as text: Lua numbers would print large values in exponent form.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
if start == nil or now >= start + window then
  redis.call('HSET', KEYS[1], 'start', ARGV[1], 'count', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, now + window}
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return {count, start + window}
`;

// As HIT_SCRIPT, with ARGV[3] the limit: a window already holding it is answered, not counted.
const HIT_BELOW_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
if start == nil or now >= start + window then
  redis.call('HSET', KEYS[1], 'start', ARGV[1], 'count', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, now + window, 1}
end
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
if count >= limit then
  return {count, start + window, 0}
end
count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return {count, start + window, 1}
`;

const COMMAND = 'tendRateLimitHit';
const BELOW_COMMAND = 'tendRateLimitHitBelow';

type ScriptedRedis = Redis & {
  [COMMAND](key: string, nowMs: string, windowMs: string): Promise<[number, number]>;
  [BELOW_COMMAND](key: string, nowMs: string, windowMs: string, limit: string): Promise<[number, number, number]>;
};

export interface RedisRateLimitStoreOptions {
  /** Put before every key; default `tend:rate-limit:`. */
  readonly keyPrefix?: string;
}

/**
 * Counters in Redis, shared by every gateway instance. One round trip per hit: a Lua script
 * (atomic in Redis) registered once with `defineCommand`, so it runs by EVALSHA.
 * Give it a client from `createRateLimitRedis` so a Redis outage fails fast.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: ScriptedRedis;
  private readonly prefix: string;

  constructor(redis: Redis, options: RedisRateLimitStoreOptions = {}) {
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand(BELOW_COMMAND, { numberOfKeys: 1, lua: HIT_BELOW_SCRIPT });
    this.redis = redis as ScriptedRedis;
    this.prefix = options.keyPrefix ?? 'tend:rate-limit:';
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit> {
    const [count, resetAtMs] = await this.redis[COMMAND](this.prefix + key, String(Math.floor(nowMs)), String(Math.ceil(windowMs)));
    return { count: Number(count), resetAtMs: Number(resetAtMs) };
  }

  async hitBelow(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitAdmission> {
    const [count, resetAtMs, counted] = await this.redis[BELOW_COMMAND](this.prefix + key, String(Math.floor(nowMs)), String(Math.ceil(windowMs)), String(Math.floor(limit)));
    return { count: Number(count), resetAtMs: Number(resetAtMs), counted: Number(counted) === 1 };
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit | null> {
    const [start, count] = await this.redis.hmget(this.prefix + key, 'start', 'count');
    if (start === null || count === null) return null;
    const resetAtMs = Number(start) + windowMs;
    return nowMs < resetAtMs ? { count: Number(count), resetAtMs } : null;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * Client options for rate limiting: a command fails at once when Redis is unreachable (no
 * offline queue, no retries) instead of holding the request, while the client keeps reconnecting in
 * the background. A hanging Redis is cut short by `FallbackRateLimitStore`'s own deadline (500 ms,
 * not fooled by a stalled event loop); the command timeout here only frees the command later.
 */
export const RATE_LIMIT_REDIS_OPTIONS: RedisOptions = Object.freeze({
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 5000,
  connectTimeout: 1000,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
});

/**
 * A Redis client for `RedisRateLimitStore` (`redis://host:port/db`), with
 * `RATE_LIMIT_REDIS_OPTIONS` under `overrides`. It connects in the background; until it is ready,
 * commands fail (a `FallbackRateLimitStore` serves meanwhile). Close it with `quit()` or `disconnect()`.
 */
export function createRateLimitRedis(url: string, overrides: RedisOptions = {}): Redis {
  // ioredis (~20 MB of a process's memory) is required here, when a client is made, not when this
  // module is imported: a gateway without REDIS_URL never loads it.
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof IoRedis;
  const redis = new Client(url, { ...RATE_LIMIT_REDIS_OPTIONS, ...overrides });
  // Connection errors also reject the commands, which the caller reports (once, by the fallback
  // store); without a listener ioredis would print every reconnection failure.
  redis.on('error', () => undefined);
  return redis;
}
