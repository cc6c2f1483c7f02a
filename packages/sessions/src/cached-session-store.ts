import type { Session } from './entities.js';
import type { SessionCache } from './session-cache.port.js';
import type { SessionStore, SessionWithUser } from './session-store.port.js';

/**
 * A SessionStore that answers lookups from a shared cache (Redis) and every other operation from
 * the store it wraps, the source of truth. A miss is read from the store and cached; every write
 * of this store invalidates after the store has written. Writes made elsewhere (users, active
 * organizations) reach the cache through `SessionChanges`.
 */
export class CachedSessionStore implements SessionStore {
  /** The wrapped store's cleanup, when it has one (a cached lookup never outlives its expiry). */
  readonly purgeExpired?: (now: Date) => Promise<number>;

  constructor(
    private readonly inner: SessionStore,
    private readonly cache: SessionCache,
  ) {
    if (inner.purgeExpired) this.purgeExpired = (now) => inner.purgeExpired!(now);
  }

  // Nothing is cached under a token before its session exists: a miss caches nothing.
  create(session: Session): Promise<void> {
    return this.inner.create(session);
  }

  async findByToken(token: string): Promise<SessionWithUser | null> {
    const cached = await this.cache.get(token);
    if (cached) return cached;
    const found = await this.inner.findByToken(token);
    if (found) await this.cache.fill(token, found);
    return found;
  }

  listByUser(userId: string, now: Date): Promise<Session[]> {
    return this.inner.listByUser(userId, now);
  }

  async update(token: string, patch: Parameters<SessionStore['update']>[1]): Promise<Session | null> {
    const updated = await this.inner.update(token, patch);
    await this.cache.invalidateToken(token);
    return updated;
  }

  async delete(token: string): Promise<void> {
    await this.inner.delete(token);
    await this.cache.invalidateToken(token);
  }

  async deleteByUser(userId: string, exceptToken?: string): Promise<void> {
    await this.inner.deleteByUser(userId, exceptToken);
    await this.cache.invalidateUser(userId);
  }

  // A cached lookup never outlives the expiry it was cached with (later changes invalidate it).
  deleteExpired(userId: string, now: Date): Promise<void> {
    return this.inner.deleteExpired(userId, now);
  }
}
