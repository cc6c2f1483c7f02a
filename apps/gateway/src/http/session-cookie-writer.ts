// How a session's cookies reach the browser: its token cookies, and (with the cookie cache on)
// a signed copy of the session with its user. One instance, made by the platform and shared by
// SessionHttp (a refreshed session, a changed user) and SignInHttp (a new or restored session);
// no module is given it, so no handler writes a session's cookies itself.
import type { Request, Response } from 'express';
import type { Clock, Logger } from '@tend/kernel';
import { CookieCache, type CachedSessionCopy, type SessionCookies, type SessionWithUser } from '@tend/sessions';
import type { Cookies } from './cookies.js';

export class SessionCookieWriter {
  private readonly cache: CookieCache;

  constructor(
    private readonly cookies: Cookies,
    private readonly clock: Clock,
    private readonly logger: Logger,
    secret: string,
    cacheConfig: { enabled: boolean; maxAge: number },
  ) {
    this.cache = new CookieCache(secret, cacheConfig);
  }

  /** Whether sessions are copied into a signed cookie. */
  get caching(): boolean {
    return this.cache.config.enabled;
  }

  /** Secure `__Secure-` cookies when the base URL is https. */
  cookiesFor(req: Request): SessionCookies {
    return this.cookies.writer(req);
  }

  /** The cached copy a request carries, if its signature and age are good. */
  readCache(cookies: SessionCookies, jar: Record<string, string | undefined>, now: Date): CachedSessionCopy | null {
    return this.cache.read(cookies.read(jar, cookies.names.sessionData), now);
  }

  /** The token cookies of a session (lasting until it expires; a browser session without rememberMe) and its cached copy. */
  writeSession(req: Request, res: Response, auth: SessionWithUser, rememberMe: boolean): void {
    const cookies = this.cookiesFor(req);
    const maxAge = Math.round((auth.session.expiresAt.getTime() - this.clock.now().getTime()) / 1000);
    this.append(res, cookies.sessionCookies(auth.session.token, maxAge, rememberMe));
    this.writeCache(res, cookies, auth);
  }

  /** The token cookie again with a new lifetime (a session extended by a lookup). */
  writeToken(res: Response, cookies: SessionCookies, token: string, maxAge: number): void {
    this.append(res, [cookies.write(cookies.names.sessionToken, token, maxAge)]);
  }

  /** The cached copy of a session with its user (no-op when the cache is off). */
  writeCache(res: Response, cookies: SessionCookies, data: SessionWithUser, madeAt = this.clock.now()): void {
    if (!this.cache.config.enabled) return;
    try {
      this.append(res, [cookies.write(cookies.names.sessionData, this.cache.encode(data, madeAt), this.cache.config.maxAge)]);
    } catch (error) {
      // Too large to cache: the session still works, without the cookie cache. A copy the browser
      // holds from before is cleared, or it would answer the old data for up to maxAge.
      this.append(res, [cookies.clear(cookies.names.sessionData)]);
      this.logger.warn('session not cached in a cookie', { reason: (error as Error).message });
    }
  }

  /** Adds Set-Cookie lines; one this response set before for the same cookie is replaced (the last word wins, once). */
  private append(res: Response, values: string[]): void {
    const nameOf = (line: string) => line.slice(0, line.indexOf('='));
    const incoming = new Set(values.map(nameOf));
    const current = res.getHeader('Set-Cookie');
    const earlier = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
    res.setHeader('Set-Cookie', [...earlier.filter((line) => !incoming.has(nameOf(line))), ...values]);
  }
}
