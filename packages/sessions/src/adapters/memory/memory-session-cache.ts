import type { Clock } from '@tend/kernel';
import { reviveSessionWithUser } from '../../session-json.js';
import { DEFAULT_SESSION_CACHE_LIMITS, type SessionCache, type SessionCacheLimits } from '../../session-cache.port.js';
import type { SessionWithUser } from '../../session-store.port.js';

/** The session cache in this process; for tests and single-process setups (Redis shares one between instances). */
export class MemorySessionCache implements SessionCache {
  private readonly entries = new Map<string, { json: string; userId: string; until: number }>();
  private readonly tokenTombs = new Map<string, number>();
  private readonly userTombs = new Map<string, number>();
  private allTomb = 0;
  private writes = 0;
  private readonly limits: Required<SessionCacheLimits>;

  constructor(
    private readonly clock: Clock,
    limits: SessionCacheLimits = {},
  ) {
    this.limits = { ...DEFAULT_SESSION_CACHE_LIMITS, ...limits };
  }

  async get(token: string): Promise<SessionWithUser | null> {
    const entry = this.entries.get(token);
    if (!entry || entry.until <= this.now()) return null;
    return reviveSessionWithUser(JSON.parse(entry.json) as SessionWithUser);
  }

  async fill(token: string, found: SessionWithUser): Promise<void> {
    const now = this.now();
    const ttl = Math.min(found.session.expiresAt.getTime() - now, this.limits.maxTtlMs);
    const tombs = [this.allTomb, this.tokenTombs.get(token) ?? 0, this.userTombs.get(found.user.id) ?? 0];
    if (ttl <= 0 || tombs.some((until) => until > now)) return;
    this.entries.set(token, { json: JSON.stringify(found), userId: found.user.id, until: now + ttl });
    this.wrote(now);
  }

  async invalidateToken(token: string): Promise<void> {
    this.entries.delete(token);
    this.tokenTombs.set(token, this.now() + this.limits.tombstoneMs);
    this.wrote(this.now());
  }

  async invalidateUser(userId: string): Promise<void> {
    for (const [token, entry] of this.entries) if (entry.userId === userId) this.entries.delete(token);
    this.userTombs.set(userId, this.now() + this.limits.tombstoneMs);
    this.wrote(this.now());
  }

  async invalidateAll(): Promise<void> {
    this.entries.clear();
    this.allTomb = this.now() + this.limits.tombstoneMs;
  }

  /** Every 256 writes, drops what has expired. */
  private wrote(now: number): void {
    this.writes += 1;
    if (this.writes % 256 !== 0) return;
    for (const [token, entry] of this.entries) if (entry.until <= now) this.entries.delete(token);
    for (const tombs of [this.tokenTombs, this.userTombs]) for (const [key, until] of tombs) if (until <= now) tombs.delete(key);
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
