// The one named-cookie factory: modules declare their cookies (name, lifetime, whether they end
// with the session or mark a sign-in) and read and write them here, signed by the one cookie
// writer of the sessions package, with the `__Secure-` prefix when the base URL is https.
import type { Request, Response } from 'express';
import { MAX_COOKIE_AGE, SessionCookies } from '@tend/sessions';
import type { TrustedOrigins } from './origins.js';

/** A cookie a module sets. Every cookie is HttpOnly, SameSite=Lax, Path=/ and signed. */
export interface CookieSpec {
  /** The name after the prefix: `two_factor` is `tend.two_factor` (`__Secure-tend.two_factor` on https). */
  readonly name: string;
  /** Seconds it lives; undefined: until the browser closes. */
  readonly maxAge?: number;
  /** Cleared with the session cookies (sign-out, a revoked or missing session). */
  readonly endsWithSession?: boolean;
  /** Read into every sign-in's client marks (a trusted device): policies may rely on it. */
  readonly signInMark?: boolean;
  /** What it is for, in a line (documentation). */
  readonly purpose: string;
}

/** Declares a cookie; a bad name or a lifetime over 400 days fails at start-up. */
export function namedCookie(spec: CookieSpec): CookieSpec {
  if (!/^[a-z][a-z_]*$/.test(spec.name)) throw new Error(`cookie name ${JSON.stringify(spec.name)}: lowercase letters and underscores only`);
  if (spec.maxAge !== undefined && !(spec.maxAge > 0 && spec.maxAge <= MAX_COOKIE_AGE)) throw new Error(`cookie ${spec.name}: maxAge must be 1 to ${MAX_COOKIE_AGE} seconds`);
  return Object.freeze({ ...spec });
}

/** Reads and writes declared cookies for a request (secure or not, as its base URL is). */
export class Cookies {
  private readonly secure: SessionCookies;
  private readonly plain: SessionCookies;
  private readonly sessionBound: readonly CookieSpec[];
  private readonly marks: readonly CookieSpec[];

  constructor(
    secret: string,
    private readonly origins: TrustedOrigins,
    declared: readonly CookieSpec[],
  ) {
    this.secure = new SessionCookies(secret, { secure: true });
    this.plain = new SessionCookies(secret, { secure: false });
    const names = new Set<string>();
    for (const spec of declared) {
      if (names.has(spec.name)) throw new Error(`cookie ${spec.name} is declared twice`);
      names.add(spec.name);
    }
    this.sessionBound = declared.filter((spec) => spec.endsWithSession);
    this.marks = declared.filter((spec) => spec.signInMark);
  }

  /** The session cookie writer of a request: `__Secure-` cookies when the base URL is https. */
  writer(req: Request): SessionCookies {
    return this.origins.baseURLOf(req).startsWith('https:') ? this.secure : this.plain;
  }

  nameOf(req: Request, spec: CookieSpec): string {
    return this.writer(req).names.sessionToken.replace(/session_token$/, spec.name);
  }

  set(req: Request, res: Response, spec: CookieSpec, value: string, maxAge: number | undefined = spec.maxAge): void {
    res.append('Set-Cookie', this.writer(req).write(this.nameOf(req, spec), value, maxAge));
  }

  /** The verified value, or null when absent or tampered with. */
  get(req: Request, spec: CookieSpec): string | null {
    const writer = this.writer(req);
    return writer.read(writer.parse(req.headers.cookie), this.nameOf(req, spec));
  }

  clear(req: Request, res: Response, spec: CookieSpec): void {
    res.append('Set-Cookie', this.writer(req).clear(this.nameOf(req, spec)));
  }

  /** Clears the session's own cookies and every declared cookie that ends with the session. */
  clearSession(req: Request, res: Response): void {
    for (const line of this.writer(req).clearAll()) res.append('Set-Cookie', line);
    for (const spec of this.sessionBound) this.clear(req, res, spec);
  }

  /** The verified sign-in marks the request carries, by cookie name (without prefix). */
  signInMarks(req: Request): Record<string, string> {
    const found: Record<string, string> = {};
    for (const spec of this.marks) {
      const value = this.get(req, spec);
      if (value !== null) found[spec.name] = value;
    }
    return found;
  }
}
