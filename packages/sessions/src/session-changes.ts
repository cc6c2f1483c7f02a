import type { Clock } from '@tend/kernel';
import type { RevocationRegistry } from './revocation-registry.port.js';
import type { SessionCache } from './session-cache.port.js';

export interface SessionChangesParts {
  /** The cookie cache's registry (null: no cookie cache). */
  revocations: RevocationRegistry | null;
  /** The shared session cache (null: sessions are read from the database only). */
  cache: SessionCache | null;
  clock: Clock;
}

/**
 * What writes made beside the SessionStore must tell: users (their copy rides along every cached
 * session), user deletion (its sessions go by cascade, unseen by the store) and the active
 * organization of sessions. The composition root calls it after such writes succeed.
 */
export class SessionChanges {
  constructor(private readonly parts: SessionChangesParts) {}

  /** Whether there is anything to tell (else wrapping writes is pointless). */
  get active(): boolean {
    return this.parts.revocations !== null || this.parts.cache !== null;
  }

  /** The user's fields changed. */
  async userUpdated(userId: string): Promise<void> {
    await this.parts.cache?.invalidateUser(userId);
  }

  /** The user was deleted, and their sessions with them. */
  async userDeleted(userId: string): Promise<void> {
    await this.parts.revocations?.revokeUser(userId, this.parts.clock.now());
    await this.parts.cache?.invalidateUser(userId);
  }

  /** One session changed (its active organization). */
  async sessionUpdated(token: string): Promise<void> {
    await this.parts.cache?.invalidateToken(token);
  }

  /** Some sessions of the user changed. */
  async userSessionsUpdated(userId: string): Promise<void> {
    await this.parts.cache?.invalidateUser(userId);
  }

  /** Sessions of any user changed (an organization deleted, cleared from every session). */
  async allSessionsUpdated(): Promise<void> {
    await this.parts.cache?.invalidateAll();
  }
}
