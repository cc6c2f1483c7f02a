import { createHash } from 'node:crypto';

/**
 * The few Redis commands the session adapters send. An ioredis client satisfies it as is; give
 * one that fails fast while Redis is unreachable (no offline queue, no retries, a short command
 * timeout), e.g. `createRateLimitRedis` of @tend/rate-limit/redis, so a request never waits on it.
 * Scripts address keys they compute (a user's sessions): one Redis, not Redis Cluster.
 */
export interface SessionRedis {
  mget(...keys: string[]): Promise<(string | null)[]>;
  evalsha(sha1: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** A Lua script run by its SHA-1 (one round trip), loaded by EVAL the first time Redis lacks it. */
export class RedisScript {
  private readonly sha1: string;

  constructor(private readonly source: string) {
    this.sha1 = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: SessionRedis, keys: readonly string[], args: readonly (string | number)[] = []): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha1, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/** Redis's clock in ms, as a decimal string, inside a script (TIME: seconds, microseconds). */
export const LUA_NOW_MS = `local clock = redis.call('TIME')
local now = clock[1] .. string.format('%03d', math.floor(tonumber(clock[2]) / 1000))`;
