import { addSeconds, raise, type Clock } from '@tend/kernel';
import type { Session } from './entities.js';
import { DEFAULT_SESSION_CONFIG, type SessionConfig } from './config.js';
import { SESSION_ERRORS } from './error-codes.js';
import type { SessionStore, SessionWithUser } from './session-store.port.js';

export interface ResolveOptions {
  /** Do not extend the session even when it is due. */
  disableRefresh?: boolean;
  /** The session was created with rememberMe=false: never extended. */
  dontRemember?: boolean;
}

export interface ResolvedSession extends SessionWithUser {
  /** True when this lookup extended the session (the cookie should be written again). */
  refreshed: boolean;
}

/**
 * The lifecycle of existing sessions: resolve (with refresh), list, revoke, freshness. Making a
 * session is not here: that is `SessionIssuer` (`@tend/sessions/issuer`), which only the sign-in
 * completion holds, so code given a SessionManager cannot sign anyone in.
 */
export class SessionManager {
  readonly config: SessionConfig;

  constructor(
    private readonly store: SessionStore,
    private readonly clock: Clock,
    config: Partial<SessionConfig> = {},
  ) {
    this.config = { ...DEFAULT_SESSION_CONFIG, ...config };
  }

  /**
   * The live session of a token with its user, or null. An expired session is deleted.
   * A remembered session older than the update age is extended to a full lifetime; one made short
   * (not remembered, an impersonation) never is.
   */
  async resolve(token: string, options: ResolveOptions = {}): Promise<ResolvedSession | null> {
    const found = await this.store.findByToken(token);
    if (!found) return null;
    const now = this.clock.now();
    if (found.session.expiresAt.getTime() <= now.getTime()) {
      await this.store.delete(token);
      return null;
    }
    // A short session keeps its fixed lifetime, never extended: an impersonation, and a sign-in
    // without rememberMe — told by its cookie, or by the row itself for a bearer client that
    // carries no cookie (it was made with the short lifetime or less; a remembered one, the full).
    const madeShort = found.session.expiresAt.getTime() - found.session.createdAt.getTime() <= this.config.shortExpiresIn * 1000;
    const fixed = options.dontRemember || madeShort || found.session.impersonatedBy !== null;
    if (options.disableRefresh || fixed || !this.isDueForRefresh(found.session, now)) {
      return { ...found, refreshed: false };
    }
    const updated = await this.store.update(token, { expiresAt: addSeconds(now, this.config.expiresIn), updatedAt: now });
    return updated ? { session: updated, user: found.user, refreshed: true } : null;
  }

  /** The user's live sessions; expired ones are removed on the way. */
  async list(userId: string): Promise<Session[]> {
    const now = this.clock.now();
    await this.store.deleteExpired(userId, now);
    return this.store.listByUser(userId, now);
  }

  /** Revokes one of the user's own sessions; another user's token is "not found" alike. */
  async revoke(userId: string, token: string): Promise<void> {
    const found = await this.store.findByToken(token);
    if (!found || found.session.userId !== userId) throw raise(SESSION_ERRORS.SESSION_NOT_FOUND);
    await this.store.delete(token);
  }

  /** Deletes one session by token (sign-out); a missing session is not an error. */
  async delete(token: string): Promise<void> {
    await this.store.delete(token);
  }

  async revokeAll(userId: string): Promise<void> {
    await this.store.deleteByUser(userId);
  }

  async revokeOthers(userId: string, currentToken: string): Promise<void> {
    await this.store.deleteByUser(userId, currentToken);
  }

  /** A session is fresh while younger than the freshness age. */
  isFresh(session: Session): boolean {
    return this.clock.now().getTime() - session.createdAt.getTime() < this.config.freshAge * 1000;
  }

  /** Requires a fresh session (403 Session is not fresh otherwise). */
  requireFresh(session: Session): void {
    if (!this.isFresh(session)) throw raise(SESSION_ERRORS.SESSION_IS_NOT_FRESH);
  }

  private isDueForRefresh(session: Session, now: Date): boolean {
    const dueAt = session.expiresAt.getTime() - this.config.expiresIn * 1000 + this.config.updateAge * 1000;
    return dueAt <= now.getTime();
  }
}
