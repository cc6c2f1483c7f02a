import { sha256Hex, type Clock, type Logger } from '@tend/kernel';
import { reviveSessionWithUser } from '../../session-json.js';
import { DEFAULT_SESSION_CACHE_LIMITS, type SessionCache, type SessionCacheLimits } from '../../session-cache.port.js';
import type { SessionWithUser } from '../../session-store.port.js';
import { RedisCircuit } from './redis-circuit.js';
import { LUA_NOW_MS, RedisScript, type SessionRedis } from './redis-client.js';

// Entries are `<filled at, ms of Redis's clock>|<JSON>`; `epoch` (ms of Redis's clock) voids every
// entry filled at or before it. Times compared inside Redis use Redis's clock only.

// KEYS: entry, epoch. Answers the JSON, or nil.
const FIND = new RedisScript(`
local value = redis.call('GET', KEYS[1])
if not value then return false end
local bar = string.find(value, '|', 1, true)
local epoch = redis.call('GET', KEYS[2])
if epoch and tonumber(string.sub(value, 1, bar - 1)) <= tonumber(epoch) then return false end
return string.sub(value, bar + 1)
`);

// KEYS: entry, user index, token tombstone, user tombstone, epoch.
// ARGV: JSON, entry lifetime, index lifetime, token hash, tombstone lifetime (ms).
const FILL = new RedisScript(`
if redis.call('EXISTS', KEYS[3], KEYS[4]) > 0 then return 0 end
${LUA_NOW_MS}
local epoch = redis.call('GET', KEYS[5])
if epoch and tonumber(now) < tonumber(epoch) + tonumber(ARGV[5]) then return 0 end
redis.call('SET', KEYS[1], now .. '|' .. ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`);

// KEYS: entry, token tombstone. ARGV: tombstone lifetime.
const FORGET_TOKEN = new RedisScript(`
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[1])
`);

// KEYS: user index, user tombstone. ARGV: entry key prefix, tombstone lifetime.
const FORGET_USER = new RedisScript(`
local hashes = redis.call('SMEMBERS', KEYS[1])
for _, hash in ipairs(hashes) do redis.call('DEL', ARGV[1] .. hash) end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
return #hashes
`);

// KEYS: epoch.
const FORGET_ALL = new RedisScript(`
${LUA_NOW_MS}
redis.call('SET', KEYS[1], now)
`);

export interface RedisSessionCacheOptions extends SessionCacheLimits {
  /** Put before every key; default `tend:session-cache:`. */
  keyPrefix?: string;
  clock: Clock;
  logger: Logger;
  /** While Redis fails, it is tried again at most this often, in ms (default 1000). */
  probeIntervalMs?: number;
}

/**
 * Session lookups cached in Redis for every gateway instance: the session with its user as JSON
 * under `s:<sha256(token)>`, for min(time to expiry, one hour); `u:<userId>` indexes a user's
 * entries so a change of the user drops them all. An invalidation leaves a tombstone that drops
 * fills for a while (a lookup that read the row before the write must not cache it afterwards).
 * While Redis fails, lookups miss and writes are dropped; before Redis is trusted again, every
 * entry is voided (it may have missed invalidations).
 */
export class RedisSessionCache implements SessionCache {
  private readonly prefix: string;
  private readonly limits: Required<SessionCacheLimits>;
  private readonly circuit: RedisCircuit;

  constructor(
    private readonly redis: SessionRedis,
    private readonly options: RedisSessionCacheOptions,
  ) {
    this.prefix = options.keyPrefix ?? 'tend:session-cache:';
    this.limits = { maxTtlMs: options.maxTtlMs ?? DEFAULT_SESSION_CACHE_LIMITS.maxTtlMs, tombstoneMs: options.tombstoneMs ?? DEFAULT_SESSION_CACHE_LIMITS.tombstoneMs };
    this.circuit = new RedisCircuit({
      clock: options.clock,
      logger: options.logger,
      name: 'session cache',
      probeIntervalMs: options.probeIntervalMs,
      recover: () => this.forgetAll(),
    });
  }

  get(token: string): Promise<SessionWithUser | null> {
    return this.circuit.run(async () => {
      const json = await FIND.run(this.redis, [this.entryKey(sha256Hex(token)), this.epochKey]);
      return typeof json === 'string' ? reviveSessionWithUser(JSON.parse(json) as SessionWithUser) : null;
    }, null);
  }

  async fill(token: string, found: SessionWithUser): Promise<void> {
    const ttl = Math.min(found.session.expiresAt.getTime() - this.options.clock.now().getTime(), this.limits.maxTtlMs);
    if (ttl <= 0) return;
    const hash = sha256Hex(token);
    const userId = found.user.id;
    const keys = [this.entryKey(hash), this.indexKey(userId), this.tokenTombKey(hash), this.userTombKey(userId), this.epochKey];
    await this.circuit.run(async () => void (await FILL.run(this.redis, keys, [JSON.stringify(found), ttl, this.limits.maxTtlMs, hash, this.limits.tombstoneMs])), undefined);
  }

  invalidateToken(token: string): Promise<void> {
    const hash = sha256Hex(token);
    return this.circuit.run(async () => void (await FORGET_TOKEN.run(this.redis, [this.entryKey(hash), this.tokenTombKey(hash)], [this.limits.tombstoneMs])), undefined);
  }

  invalidateUser(userId: string): Promise<void> {
    return this.circuit.run(
      async () => void (await FORGET_USER.run(this.redis, [this.indexKey(userId), this.userTombKey(userId)], [this.entryKey(''), this.limits.tombstoneMs])),
      undefined,
    );
  }

  invalidateAll(): Promise<void> {
    return this.circuit.run(() => this.forgetAll(), undefined);
  }

  /** Stops the background probe (the Redis client is the caller's to close). */
  close(): void {
    this.circuit.close();
  }

  private async forgetAll(): Promise<void> {
    await FORGET_ALL.run(this.redis, [this.epochKey]);
  }

  private entryKey(hash: string): string {
    return `${this.prefix}s:${hash}`;
  }

  private indexKey(userId: string): string {
    return `${this.prefix}u:${userId}`;
  }

  private tokenTombKey(hash: string): string {
    return `${this.prefix}ts:${hash}`;
  }

  private userTombKey(userId: string): string {
    return `${this.prefix}tu:${userId}`;
  }

  private get epochKey(): string {
    return `${this.prefix}epoch`;
  }
}
