// A small HTTP client for the suite: JSON in and out, a cookie jar per user, timings, and a client
// address per request. The gateways trust loopback proxies (AUTH_TRUSTED_PROXIES=loopback), and the
// suite itself calls from loopback, so its X-Forwarded-For names the client the rate limiter sees:
// each request gets a fresh address unless a test pins one, so only the rate-limit test meets a limit.
import { randomInt } from 'node:crypto';

// The suite's files share one Redis database and run in parallel workers, and a test reads the
// keys of its own addresses: each worker draws from its own eighth of the range, so two files
// never send the same address (a shared one showed up as another file's key).
const SLOT_SIZE = 131_072 / 8;
const slot = (Number(process.env.JEST_WORKER_ID ?? 1) - 1) % 8;
let counter = randomInt(0, SLOT_SIZE);

/** A new address in 198.18.0.0/15 (reserved for benchmarks), different for every call in a run. */
export function nextIp(): string {
  counter = (counter + 1) % SLOT_SIZE;
  const address = slot * SLOT_SIZE + counter;
  return `198.${18 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`;
}

export interface Answer {
  status: number;
  // JSON bodies are whatever the route answers; tests narrow them with expect().
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
  /** Milliseconds from sending to the whole body. */
  ms: number;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  jar?: CookieJar;
  ip?: string;
  origin?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Cookies by name, as a browser would keep them for one site. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  copy(): CookieJar {
    const jar = new CookieJar();
    for (const [name, value] of this.cookies) jar.cookies.set(name, value);
    return jar;
  }
}

/** One request. Network failures are answers too (status 0), so outage tests can count them. */
export async function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? nextIp(), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.origin) headers.origin = options.origin;
  if (options.jar?.cookies.size) headers.cookie = options.jar.header();
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    options.jar?.take(response.headers);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: { error: String(error) }, headers: new Headers(), ms: performance.now() - started };
  }
}

let users = 0;

/** Sign-up fields for a new user: a unique email and a password no screening list holds. */
export function newUser(): { name: string; email: string; password: string } {
  users += 1;
  const id = `${process.pid}-${Date.now().toString(36)}-${users}`;
  return { name: `Integration ${users}`, email: `it-${id}@example.com`, password: `Tend-${id}-kept-safe!` };
}
