import type { Request, Response } from 'express';
import type { Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import type { Session } from '@tend/sessions';
import type { RevocationRegistry, SessionCookies, SessionManager } from '@tend/sessions';
import type { Cookies } from './cookies.js';
import type { SessionCookieWriter } from './session-cookie-writer.js';

export interface Auth {
  session: Session;
  user: User;
}

/**
 * Another way a request may carry its caller (an API key header): answers the caller, null when
 * the request does not use it, or throws the spec's error for a bad credential.
 */
export type RequestAuthenticator = (req: Request) => Promise<Auth | null>;

interface TokenSource {
  token: string;
  fromCookie: boolean;
  dontRemember: boolean;
  cookies: Record<string, string | undefined>;
}

/**
 * The HTTP side of existing sessions: reads the session from the signed cookie (or a bearer
 * token for non-browser clients), refreshes its cookies and clears them. It cannot start a
 * session's cookies: only the sign-in writer (sign-in-http.ts) does, for the sessions the sign-in
 * completion issued — the one way a sign-in becomes HTTP.
 */
export class SessionHttp {
  private readonly authenticators: RequestAuthenticator[] = [];

  constructor(
    private readonly manager: Pick<SessionManager, 'resolve' | 'config'>,
    private readonly cookies: Cookies,
    private readonly writer: SessionCookieWriter,
    private readonly clock: Clock,
    /** Checked before a cached cookie answers (null: the cookie cache is off). */
    private readonly revocations: RevocationRegistry | null = null,
  ) {}

  /** Accepts another credential besides session cookies and bearer tokens (modules call this at start). */
  use(authenticator: RequestAuthenticator): void {
    this.authenticators.push(authenticator);
  }

  /** Secure `__Secure-` cookies when the base URL is https. */
  cookiesFor(req: Request): SessionCookies {
    return this.cookies.writer(req);
  }

  /**
   * The live session of the request, refreshing it (and its cookie) when due. With the cookie
   * cache on, a cached cookie answers unless the revocation registry refuses it (ended since, or
   * the registry cannot tell); `disableCookieCache` always asks the store (state-changing routes).
   */
  async resolve(req: Request, res: Response, options: { disableCookieCache?: boolean; disableRefresh?: boolean } = {}): Promise<Auth | null> {
    const source = this.tokenOf(req);
    if (!source) return this.authenticators.length ? this.viaAuthenticators(req) : null;
    const cookies = this.cookiesFor(req);
    // Before the lookup: a copy made from it is older than any revocation the lookup did not see.
    const now = this.clock.now();
    if (this.writer.caching && !options.disableCookieCache && source.fromCookie) {
      const cached = this.writer.readCache(cookies, source.cookies, now);
      if (cached && cached.session.token === source.token && !(await this.revocations?.isRevoked(cached.session.token, cached.user.id, cached.cachedAt))) {
        return { session: cached.session, user: cached.user };
      }
    }
    const resolved = await this.manager.resolve(source.token, { disableRefresh: options.disableRefresh, dontRemember: source.dontRemember });
    if (!resolved) {
      if (source.fromCookie) this.cookies.clearSession(req, res);
      return null;
    }
    if (source.fromCookie) {
      if (resolved.refreshed) this.writer.writeToken(res, cookies, resolved.session.token, this.manager.config.expiresIn);
      this.writer.writeCache(res, cookies, resolved, now);
    }
    return { session: resolved.session, user: resolved.user };
  }

  /** Writes the cookie cache again after the user changed (no-op when the cache is off). */
  refreshCache(req: Request, res: Response, auth: Auth): void {
    if (this.tokenOf(req)?.fromCookie) this.writer.writeCache(res, this.cookiesFor(req), auth);
  }

  /** Clears every session cookie, and the declared cookies that end with the session. */
  end(req: Request, res: Response): void {
    this.cookies.clearSession(req, res);
  }

  /** The request's session token: the signed cookie, else `Authorization: Bearer <token>`. */
  tokenOf(req: Request): TokenSource | null {
    const cookies = this.cookiesFor(req);
    const jar = cookies.parse(req.headers.cookie);
    const fromCookie = cookies.read(jar, cookies.names.sessionToken);
    if (fromCookie) {
      return { token: fromCookie, fromCookie: true, dontRemember: cookies.read(jar, cookies.names.dontRemember) === 'true', cookies: jar };
    }
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const value = header.slice(7).trim();
      // A bearer may be the raw token, or the signed cookie value.
      const token = cookies.read({ v: value }, 'v') ?? value;
      if (/^[A-Za-z0-9]{32}$/.test(token)) return { token, fromCookie: false, dontRemember: false, cookies: jar };
    }
    return null;
  }

  private async viaAuthenticators(req: Request): Promise<Auth | null> {
    for (const authenticate of this.authenticators) {
      const auth = await authenticate(req);
      if (auth) return auth;
    }
    return null;
  }
}
