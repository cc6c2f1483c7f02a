import { raise, signValue } from '@tend/kernel';
import { SESSION_ERRORS } from './error-codes.js';
import { reviveSessionWithUser } from './session-json.js';
import type { SessionWithUser } from './session-store.port.js';

/** A cached session cookie may not exceed this many characters. */
export const COOKIE_CACHE_LIMIT = 4093;

export interface CookieCacheConfig {
  enabled: boolean;
  /** Seconds a cached copy stays valid (default 300). */
  maxAge: number;
}

export const DEFAULT_COOKIE_CACHE: CookieCacheConfig = { enabled: false, maxAge: 300 };

/** A copy read from the cookie cache, with the time it was written. */
export interface CachedSessionCopy extends SessionWithUser {
  /** When the copy was made: a revocation after this time makes it worthless. */
  cachedAt: Date;
}

/**
 * The signed copy of a session and its user kept in a cookie, so get-session can answer
 * without the database for `maxAge` seconds.
 */
export class CookieCache {
  constructor(
    private readonly secret: string,
    readonly config: CookieCacheConfig,
  ) {}

  /** The cookie payload for this session (the cookie writer signs it). */
  encode(data: SessionWithUser, now: Date): string {
    const payload = Buffer.from(JSON.stringify({ ...data, cachedUntil: now.getTime() + this.config.maxAge * 1000 })).toString('base64url');
    if (signValue(this.secret, payload).length > COOKIE_CACHE_LIMIT) throw raise(SESSION_ERRORS.SESSION_DATA_EXCEEDS_COOKIE_SIZE_LIMIT_4093_CHARACTERS);
    return payload;
  }

  /** The cached session of a verified cookie payload, or null when missing, stale or expired. */
  decode(payload: string | null, now: Date): SessionWithUser | null {
    const copy = this.read(payload, now);
    return copy && { session: copy.session, user: copy.user };
  }

  /**
   * Like `decode`, with the time the copy was made (its `cachedUntil` less the max age), which the
   * revocation registry compares with the revocations of the copy's user.
   */
  read(payload: string | null, now: Date): CachedSessionCopy | null {
    if (!payload) return null;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SessionWithUser & { cachedUntil: number };
      const { session, user } = reviveSessionWithUser(data);
      if (!(data.cachedUntil > now.getTime()) || session.expiresAt.getTime() <= now.getTime()) return null;
      return { session, user, cachedAt: new Date(data.cachedUntil - this.config.maxAge * 1000) };
    } catch {
      return null;
    }
  }
}
