// Cookies as a browser holds them: read from Set-Cookie, sent back in a Cookie header.

type WithHeaders = { headers: Record<string, unknown> };

/** The Set-Cookie lines of a response. */
export function setCookies(res: WithHeaders): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(res: WithHeaders): string {
  return setCookies(res)
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The Set-Cookie line of one cookie, by name. */
export const setCookieNamed = (res: WithHeaders, name: string) => setCookies(res).find((cookie) => cookie.startsWith(`${name}=`));

/** One browser's cookies: follows Set-Cookie (an empty value or `Max-Age=0` deletes) and sends them back. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  /** A jar holding the cookies of a Cookie header (`cookiesOf(res)` of a sign-up). */
  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) this.set(pair);
  }

  /** Keeps what the response sets and drops what it deletes. */
  store(res: WithHeaders): this {
    for (const cookie of setCookies(res)) {
      const [pair = ''] = cookie.split(';');
      if (pair.endsWith('=') || /;\s*max-age=0\s*(;|$)/i.test(cookie)) this.values.delete(pair.slice(0, pair.indexOf('=')));
      else this.set(pair);
    }
    return this;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  /** The Cookie header ('' without cookies). */
  get header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Another jar holding only these cookies of this one (a session cookie without its state binding). */
  only(names: string[]): CookieJar {
    const other = new CookieJar();
    for (const name of names) {
      const value = this.values.get(name);
      if (value !== undefined) other.values.set(name, value);
    }
    return other;
  }

  private set(pair: string): void {
    const at = pair.indexOf('=');
    this.values.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** The Cookie header of a header string or a jar. */
export const cookieHeaderOf = (cookies: string | CookieJar): string => (typeof cookies === 'string' ? cookies : cookies.header);
