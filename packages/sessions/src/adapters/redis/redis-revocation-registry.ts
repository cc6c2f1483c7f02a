import { sha256Hex, type Clock, type Logger } from '@tend/kernel';
import type { RevocationRegistry } from '../../revocation-registry.port.js';
import { RedisCircuit } from './redis-circuit.js';
import { RedisScript, type SessionRedis } from './redis-client.js';

// KEYS[1] a mark; ARGV[1] its value, ARGV[2] its lifetime in ms.
const MARK = new RedisScript(`redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`);

// KEYS[1] a time in ms; ARGV[1] the new time, ARGV[2] a lifetime in ms (0: none). Only ever moves forward.
const RAISE = new RedisScript(`
local current = tonumber(redis.call('GET', KEYS[1]))
if current and current >= tonumber(ARGV[1]) then return 0 end
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) else redis.call('SET', KEYS[1], ARGV[1]) end
return 1
`);

// KEYS[1] the floor; ARGV[1] now. Set once, where Redis has none (first use, or it lost its data).
const INIT = new RedisScript(`return redis.call('SET', KEYS[1], ARGV[1], 'NX')`);

export interface RedisRevocationRegistryOptions {
  /** Put before every key; default `tend:revoked-sessions:`. */
  keyPrefix?: string;
  /** How long a mark is kept: the cookie cache's max age, in ms. */
  retainMs: number;
  /** How far the clocks of two instances may differ, in ms (default 1000): copies that close to a mark are refused too. */
  toleranceMs?: number;
  clock: Clock;
  logger: Logger;
  /** While Redis fails, it is tried again at most this often, in ms (default 1000). */
  probeIntervalMs?: number;
}

/**
 * Revocations shared by every gateway instance through Redis, checked with one MGET:
 * - `s:<sha256(token)>`: the session ended (lives `retainMs` + tolerance);
 * - `u:<userId>`: copies of the user's sessions made up to this time (ms) are refused;
 * - `floor`: copies made up to this time are refused, whoever they belong to. Set when Redis is
 *   first used or has lost its data (it knows nothing of earlier revocations), and raised when an
 *   instance could not reach Redis (revocations may be missing).
 * While Redis is unreachable every copy counts as revoked: the database answers.
 * Needs a Redis that never evicts these keys (`maxmemory-policy noeviction`).
 */
export class RedisRevocationRegistry implements RevocationRegistry {
  private readonly prefix: string;
  private readonly keepMs: number;
  private readonly toleranceMs: number;
  private readonly circuit: RedisCircuit;

  constructor(
    private readonly redis: SessionRedis,
    private readonly options: RedisRevocationRegistryOptions,
  ) {
    this.prefix = options.keyPrefix ?? 'tend:revoked-sessions:';
    this.toleranceMs = options.toleranceMs ?? 1000;
    this.keepMs = options.retainMs + this.toleranceMs;
    this.circuit = new RedisCircuit({
      clock: options.clock,
      logger: options.logger,
      name: 'session revocations',
      probeIntervalMs: options.probeIntervalMs,
      recover: () => this.raiseFloor(),
    });
  }

  revokeSession(token: string): Promise<void> {
    return this.circuit.run(async () => void (await MARK.run(this.redis, [this.sessionKey(token)], ['1', this.keepMs])), undefined);
  }

  revokeUser(userId: string, at: Date): Promise<void> {
    return this.circuit.run(async () => void (await RAISE.run(this.redis, [this.userKey(userId)], [at.getTime(), this.keepMs])), undefined);
  }

  isRevoked(token: string, userId: string, cachedAt: Date): Promise<boolean> {
    return this.circuit.run(async () => {
      const [session, user, floor] = await this.redis.mget(this.sessionKey(token), this.userKey(userId), this.floorKey);
      if (floor === null || floor === undefined) {
        await INIT.run(this.redis, [this.floorKey], [this.now()]);
        return true;
      }
      if (session !== null) return true;
      const copy = cachedAt.getTime() - this.toleranceMs;
      return copy <= Number(floor) || (user !== null && user !== undefined && copy <= Number(user));
    }, true);
  }

  /** Stops the background probe (the Redis client is the caller's to close). */
  close(): void {
    this.circuit.close();
  }

  private async raiseFloor(): Promise<void> {
    await RAISE.run(this.redis, [this.floorKey], [this.now(), 0]);
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  private sessionKey(token: string): string {
    return `${this.prefix}s:${sha256Hex(token)}`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}u:${userId}`;
  }

  private get floorKey(): string {
    return `${this.prefix}floor`;
  }
}
