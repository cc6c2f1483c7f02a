import type { Clock } from '@tend/kernel';
import { SESSION_JWT_TTL_SECONDS, type TokenService } from '@tend/oauth-provider';
import type { Auth } from '../../http/session.js';

/** A JWT is answered again while it has at least this many seconds left (of 900). */
const REUSE_WHILE_SECONDS_LEFT = 600;
const MAX_ENTRIES = 10_000;

/**
 * The `set-auth-jwt` header of get-session: a JWT of the user, signed once and answered again
 * for the same session and user version while it has ten minutes left, so a busy get-session
 * does not sign on every call. Bounded (oldest entries dropped first).
 */
export class SessionJwts {
  private readonly cache = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  async headerOf(auth: Auth): Promise<Record<string, string>> {
    return { 'set-auth-jwt': await this.jwtOf(auth) };
  }

  async jwtOf(auth: Auth): Promise<string> {
    const key = `${auth.session.id}:${auth.user.id}:${auth.user.updatedAt.getTime()}`;
    const now = this.clock.now().getTime();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt - now >= REUSE_WHILE_SECONDS_LEFT * 1000) return cached.token;
    const token = await this.tokens.sessionJwt(auth.user);
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.delete(key);
    this.cache.set(key, { token, expiresAt: now + SESSION_JWT_TTL_SECONDS * 1000 });
    return token;
  }
}
