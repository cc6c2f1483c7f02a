// The accounts one browser holds, as better-auth's multiSession plugin keeps them: besides the
// session cookie, one signed cookie `<session cookie name>_multi-<token in lower case>` per
// account, whose value is that session's token. Written once a sign-in is a session (every
// method), read by the /multi-session routes, ended at sign-out, and asked by get-session when
// the active session ended elsewhere.
import type { Request, Response } from 'express';
import { onePerAccount, sessionsToDrop } from '@tend/multi-session';
import type { SessionManager } from '@tend/sessions';
import type { Clock } from '@tend/kernel';
import type { SessionOutcome } from '@tend/identity';
import type { Cookies } from '../../http/cookies.js';
import type { Auth, SessionHttp } from '../../http/session.js';
import type { SignInHttp } from '../../http/sign-in-http.js';

interface HeldCookie {
  name: string;
  token: string;
}

export class BrowserSessions {
  constructor(
    private readonly sessions: Pick<SessionManager, 'resolve' | 'delete' | 'config'>,
    private readonly cookies: Cookies,
    private readonly http: Pick<SessionHttp, 'tokenOf' | 'end'>,
    private readonly signIns: () => Pick<SignInHttp, 'restore'>,
    private readonly clock: Clock,
    private readonly max: number,
  ) {}

  /** The live accounts the browser holds, one per account, newest sign-in first; cookies of ended sessions are expired. */
  async list(req: Request, res: Response): Promise<Auth[]> {
    const live: Auth[] = [];
    for (const held of this.held(req)) {
      const auth = await this.live(held.token);
      if (auth) live.push(auth);
      else this.forget(req, res, held);
    }
    return onePerAccount(live);
  }

  /** Makes a held account the active one (its session cookie); null when the browser does not hold that live session. */
  async setActive(req: Request, res: Response, token: string): Promise<Auth | null> {
    const held = this.held(req).find((entry) => entry.token === token);
    const auth = held ? await this.live(held.token) : null;
    if (!auth) return null;
    this.activate(req, res, auth);
    return auth;
  }

  /**
   * Ends a held session and forgets it; when it was the active one, another held account becomes
   * active (or, with none left, the session cookies are cleared). Null: the browser does not hold it (or it ended).
   */
  async revoke(req: Request, res: Response, token: string): Promise<Auth | null> {
    const held = this.held(req).find((entry) => entry.token === token);
    const revoked = held ? await this.live(held.token) : null;
    if (!held || !revoked) return null;
    await this.sessions.delete(token);
    this.forget(req, res, held);
    const active = this.http.tokenOf(req);
    if (active?.fromCookie && active.token === token) {
      const next = await this.switchToAnother(req, res, token);
      if (!next) this.http.end(req, res);
    }
    return revoked;
  }

  /** After a sign-in became a session: the browser holds it too; another session of that account and accounts past the limit leave. */
  async signedIn(req: Request, res: Response, outcome: SessionOutcome): Promise<void> {
    // An administrator's impersonation is not an account the browser holds.
    if (outcome.session.impersonatedBy) return;
    const held: { name: string; token: string; userId: string; createdAt: Date }[] = [];
    for (const entry of this.held(req)) {
      if (entry.token === outcome.session.token) continue;
      const auth = await this.live(entry.token);
      if (auth) held.push({ ...entry, userId: auth.user.id, createdAt: auth.session.createdAt });
      else this.forget(req, res, entry);
    }
    const signedIn = { token: outcome.session.token, userId: outcome.user.id, createdAt: outcome.session.createdAt };
    for (const dropped of sessionsToDrop(held, signedIn, this.max)) {
      await this.sessions.delete(dropped.token);
      this.forget(req, res, held.find((entry) => entry.token === dropped.token)!);
    }
    const writer = this.cookies.writer(req);
    const maxAge = Math.max(Math.round((outcome.session.expiresAt.getTime() - this.clock.now().getTime()) / 1000), 1);
    res.append('Set-Cookie', writer.write(this.cookieName(req, outcome.session.token), outcome.session.token, maxAge));
  }

  /** get-session found the request's session ended: the newest other live account the browser holds answers, and becomes active. */
  async fallback(req: Request, res: Response): Promise<Auth | null> {
    // Only a held account's session that ended: a request without a (validly signed) session
    // cookie, or whose session was none of the browser's accounts (an impersonation), stays signed out.
    const ended = this.http.tokenOf(req);
    if (!ended?.fromCookie || !this.held(req).some((entry) => entry.token === ended.token)) return null;
    return this.switchToAnother(req, res, ended.token);
  }

  /** Sign-out: every session the browser holds ends, and their cookies go. */
  async signOut(req: Request, res: Response): Promise<void> {
    for (const held of this.held(req)) {
      await this.sessions.delete(held.token);
      this.forget(req, res, held);
    }
  }

  private async switchToAnother(req: Request, res: Response, except: string | null): Promise<Auth | null> {
    const next = (await this.list(req, res)).find((auth) => auth.session.token !== except) ?? null;
    if (next) this.activate(req, res, next);
    return next;
  }

  private activate(req: Request, res: Response, auth: Auth): void {
    // A session made short (signed in without rememberMe) stays a browser-session cookie.
    const short = auth.session.expiresAt.getTime() - auth.session.createdAt.getTime() <= this.sessions.config.shortExpiresIn * 1000;
    this.signIns().restore(req, res, auth, !short);
  }

  /** The `_multi-` cookies of the request whose signature holds and whose name matches the token they carry. */
  private held(req: Request): HeldCookie[] {
    const writer = this.cookies.writer(req);
    const prefix = this.prefix(req);
    const jar = writer.parse(req.headers.cookie);
    const found: HeldCookie[] = [];
    for (const name of Object.keys(jar)) {
      if (!name.startsWith(prefix)) continue;
      const token = writer.read(jar, name);
      if (token && name === this.cookieName(req, token)) found.push({ name, token });
    }
    return found;
  }

  private async live(token: string): Promise<Auth | null> {
    const resolved = await this.sessions.resolve(token, { disableRefresh: true });
    if (!resolved || resolved.user.banned) return null;
    return { session: resolved.session, user: resolved.user };
  }

  private forget(req: Request, res: Response, held: HeldCookie): void {
    res.append('Set-Cookie', this.cookies.writer(req).clear(held.name));
  }

  private prefix(req: Request): string {
    return `${this.cookies.writer(req).names.sessionToken}_multi-`;
  }

  private cookieName(req: Request, token: string): string {
    return `${this.prefix(req)}${token.toLowerCase()}`;
  }
}
