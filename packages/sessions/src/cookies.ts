import { parse, serialize } from 'cookie';
import { raise, signValue, unsignValue } from '@tend/kernel';
import { SESSION_ERRORS } from './error-codes.js';

/** Browsers cap cookie lifetimes at 400 days; a longer Max-Age is a configuration error. */
export const MAX_COOKIE_AGE = 34_560_000;

export interface CookieSettings {
  /** Prefix of every cookie name (default "tend"). */
  prefix?: string;
  /** Secure cookies with the `__Secure-` name prefix; on when the base URL is https. */
  secure: boolean;
  domain?: string;
}

/** A Set-Cookie header value. */
export type SetCookie = string;

/**
 * The one cookie writer of Tend: names, attributes and signatures of the session cookies.
 * Cookies are HttpOnly, SameSite=Lax, Path=/, and Secure with a `__Secure-` prefix on https.
 */
export class SessionCookies {
  readonly names: { sessionToken: string; sessionData: string; dontRemember: string };

  constructor(
    private readonly secret: string,
    private readonly settings: CookieSettings,
  ) {
    const prefix = `${settings.secure ? '__Secure-' : ''}${settings.prefix ?? 'tend'}`;
    this.names = {
      sessionToken: `${prefix}.session_token`,
      sessionData: `${prefix}.session_data`,
      dontRemember: `${prefix}.dont_remember`,
    };
  }

  /** Parses a Cookie header. */
  parse(header: string | undefined): Record<string, string | undefined> {
    return header ? parse(header) : {};
  }

  /** A signed cookie; `maxAge` undefined makes it last for the browser session. */
  write(name: string, value: string, maxAge: number | undefined): SetCookie {
    if (maxAge !== undefined && maxAge > MAX_COOKIE_AGE) throw raise(SESSION_ERRORS.COOKIES_MAX_AGE_SHOULD_NOT_BE_GREATER_THAN_400_DAYS_34560000_SECONDS_IN_DURATION);
    return serialize(name, signValue(this.secret, value), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.settings.secure,
      domain: this.settings.domain,
      maxAge,
    });
  }

  /** Reads a signed cookie; null when absent or tampered with. */
  read(cookies: Record<string, string | undefined>, name: string): string | null {
    const raw = cookies[name];
    return raw ? unsignValue(this.secret, raw) : null;
  }

  /** Expires a cookie. */
  clear(name: string): SetCookie {
    return serialize(name, '', { httpOnly: true, sameSite: 'lax', path: '/', secure: this.settings.secure, domain: this.settings.domain, maxAge: 0 });
  }

  /** The cookies of a new session: the token and, for rememberMe=false, the dont-remember mark. */
  sessionCookies(token: string, maxAge: number, rememberMe: boolean): SetCookie[] {
    return rememberMe
      ? [this.write(this.names.sessionToken, token, maxAge), this.clear(this.names.dontRemember)]
      : [this.write(this.names.sessionToken, token, undefined), this.write(this.names.dontRemember, 'true', undefined)];
  }

  /** Every session cookie, expired (sign-out, deleted account, revoked session). */
  clearAll(): SetCookie[] {
    return [this.clear(this.names.sessionToken), this.clear(this.names.sessionData), this.clear(this.names.dontRemember)];
  }
}
