import type { Clock } from '@tend/kernel';
import type { Session } from './entities.js';
import type { RevocationRegistry } from './revocation-registry.port.js';
import type { SessionStore, SessionWithUser } from './session-store.port.js';

/**
 * A SessionStore that records every ending of sessions in the revocation registry, after the
 * store has ended them: sign-out, revoke, revoke-all and revoke-others, ban, password change and
 * reset all end sessions through the store, so no path can forget to tell the cookie cache.
 * `deleteByUser` marks the whole user, so copies of a kept session (`exceptToken`) made before
 * are refused too: they are read again from the store once, and cached anew.
 */
export class RevocationRecordingSessionStore implements SessionStore {
  /** The wrapped store's cleanup, when it has one (expired sessions need no mark). */
  readonly purgeExpired?: (now: Date) => Promise<number>;

  constructor(
    private readonly inner: SessionStore,
    private readonly registry: RevocationRegistry,
    private readonly clock: Clock,
  ) {
    if (inner.purgeExpired) this.purgeExpired = (now) => inner.purgeExpired!(now);
  }

  create(session: Session): Promise<void> {
    return this.inner.create(session);
  }

  findByToken(token: string): Promise<SessionWithUser | null> {
    return this.inner.findByToken(token);
  }

  listByUser(userId: string, now: Date): Promise<Session[]> {
    return this.inner.listByUser(userId, now);
  }

  update(token: string, patch: Parameters<SessionStore['update']>[1]): Promise<Session | null> {
    return this.inner.update(token, patch);
  }

  async delete(token: string): Promise<void> {
    await this.inner.delete(token);
    await this.registry.revokeSession(token);
  }

  async deleteByUser(userId: string, exceptToken?: string): Promise<void> {
    await this.inner.deleteByUser(userId, exceptToken);
    // After the delete: a lookup that still found a session began before it, so its copy is older than this mark.
    await this.registry.revokeUser(userId, this.clock.now());
  }

  // Expired sessions need no mark: a cached copy carries the expiry and is refused with it.
  deleteExpired(userId: string, now: Date): Promise<void> {
    return this.inner.deleteExpired(userId, now);
  }
}
