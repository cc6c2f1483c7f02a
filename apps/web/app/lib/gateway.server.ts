// The web server's only way to the gateway: plain HTTP, as any client of the public API.
// Each page request gets one GatewayClient, which forwards the browser's session cookie, Origin,
// User-Agent and IP, and collects the gateway's Set-Cookie headers so the route can hand them back
// to the browser: cookies stay HttpOnly and belong to the web app's origin.
import type { AppLoadContext } from '@remix-run/node';
import { env } from './env.server';

/** A gateway error as the API sends it (`{ code, message }` with the HTTP status). */
export interface GatewayError {
  status: number;
  code: string;
  message: string;
  /** Seconds to wait, from `Retry-After` on 429 answers. */
  retryAfter?: number;
  issues?: unknown;
}

export type GatewayResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: GatewayError };

export interface GatewayOptions {
  /** Base URL of the gateway; defaults to `GATEWAY_URL` (http://127.0.0.1:3000). */
  baseUrl?: string;
  /**
   * One object per HTTP request (from `getLoadContext`): the clients of that request's action and
   * loaders share its cookie jar and answers. Without it each client stands alone.
   */
  scope?: object;
  /** The browser's IP address, from the Node server (`getLoadContext`). */
  clientIp?: string;
  /** Milliseconds before a call counts as `GATEWAY_UNAVAILABLE`. */
  timeoutMs?: number;
}

/** Only the gateway's own cookies are forwarded to it, never whatever else the browser holds. */
export const GATEWAY_COOKIE = /^(__Secure-|__Host-)?tend\./;

/** This web app's public origin: `WEB_ORIGIN` when set (behind a proxy), else the request's own. */
export function webOrigin(request: Request): string {
  return env().webOrigin ?? new URL(request.url).origin;
}

/** Parses a Cookie header into name -> value, in order. */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

/** Name, value and whether a Set-Cookie line removes its cookie (Max-Age<=0 or a past Expires). */
export function parseSetCookie(line: string): { name: string; value: string; removes: boolean } | null {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let removes = value === '';
  for (const attribute of attributes) {
    const [key = '', raw = ''] = attribute.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age' && Number(raw) <= 0) removes = true;
    if (key.toLowerCase() === 'expires' && Date.parse(attribute.slice(attribute.indexOf('=') + 1)) <= Date.now()) removes = true;
  }
  return { name, value, removes };
}

interface Shared {
  result: GatewayResult<unknown>;
  setCookies: string[];
}

/** What the clients of one HTTP request share. */
interface Scope {
  /** The gateway cookies as they now are: an action's new session is seen by the loaders after it. */
  jar: Map<string, string>;
  /** Answers of reads asked for more than once (the session), dropped at every write. */
  reads: Map<string, Promise<Shared>>;
}

const scopes = new WeakMap<object, Scope>();

/** One page request's connection to the gateway. */
export class GatewayClient {
  /** The Set-Cookie headers the gateway answered with; return them from the loader or action. */
  readonly headers = new Headers();
  private readonly scope: Scope;
  private readonly baseUrl: string;

  constructor(
    private readonly request: Request,
    private readonly options: GatewayOptions = {},
  ) {
    this.baseUrl = (options.baseUrl ?? env().gatewayUrl).replace(/\/+$/, '');
    const key = options.scope ?? request;
    let scope = scopes.get(key);
    if (!scope) {
      const jar = new Map([...parseCookieHeader(request.headers.get('cookie'))].filter(([name]) => GATEWAY_COOKIE.test(name)));
      scope = { jar, reads: new Map() };
      scopes.set(key, scope);
    }
    this.scope = scope;
  }

  /** A GET whose answer the other clients of this request reuse (until any of them writes). */
  async getShared<T>(path: string): Promise<GatewayResult<T>> {
    let pending = this.scope.reads.get(path);
    if (!pending) {
      pending = this.get<T>(path).then((result) => ({ result, setCookies: this.headers.getSetCookie() }));
      this.scope.reads.set(path, pending);
    }
    const { result, setCookies } = await pending;
    const known = new Set(this.headers.getSetCookie());
    for (const line of setCookies) if (!known.has(line)) this.headers.append('set-cookie', line);
    return result as GatewayResult<T>;
  }

  /** The names of the gateway cookies the browser sent, e.g. to expire them on sign-out. */
  cookieNames(): string[] {
    return [...parseCookieHeader(this.request.headers.get('cookie')).keys()].filter((name) => GATEWAY_COOKIE.test(name));
  }

  /** The Origin the gateway checks: the browser's, or this app's own for requests that carry none. */
  origin(): string {
    const sent = this.request.headers.get('origin');
    return sent && sent !== 'null' ? sent : webOrigin(this.request);
  }

  get<T>(path: string, query?: Record<string, string>): Promise<GatewayResult<T>> {
    const search = query ? `?${new URLSearchParams(query)}` : '';
    return this.send<T>('GET', `${path}${search}`);
  }

  post<T>(path: string, body: unknown = {}): Promise<GatewayResult<T>> {
    return this.send<T>('POST', path, body);
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GatewayResult<T>> {
    if (method !== 'GET') this.scope.reads.clear();
    const headers = new Headers({ accept: 'application/json', origin: this.origin() });
    const cookie = [...this.scope.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const userAgent = this.request.headers.get('user-agent');
    if (userAgent) headers.set('user-agent', userAgent);
    if (this.options.clientIp) headers.set('x-forwarded-for', this.options.clientIp);
    if (body !== undefined) headers.set('content-type', 'application/json');

    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15000),
      });
    } catch {
      const error = { status: 503, code: 'GATEWAY_UNAVAILABLE', message: 'The Tend server could not be reached' };
      return { ok: false, status: 503, error };
    }
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    const payload = parseJson(text);
    if (response.ok) return { ok: true, status: response.status, data: payload as T };
    return { ok: false, status: response.status, error: toGatewayError(response, payload) };
  }

  /** Passes Set-Cookie on to the browser and applies it here, so later calls see the new session. */
  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      this.headers.append('set-cookie', line);
      const cookie = parseSetCookie(line);
      if (!cookie || !GATEWAY_COOKIE.test(cookie.name)) continue;
      if (cookie.removes) this.scope.jar.delete(cookie.name);
      else this.scope.jar.set(cookie.name, cookie.value);
    }
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toGatewayError(response: Response, payload: unknown): GatewayError {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const code = typeof body.code === 'string' && body.code ? body.code : fallbackCode(response.status);
  const message = typeof body.message === 'string' ? body.message : '';
  const error: GatewayError = { status: response.status, code, message };
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.headers.has('retry-after') && Number.isFinite(retryAfter)) error.retryAfter = Math.max(0, Math.ceil(retryAfter));
  if (body.issues !== undefined) error.issues = body.issues;
  return error;
}

function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN_ERROR';
}

/** The GatewayClient for a loader's or action's arguments. */
export function gateway(args: { request: Request; context?: AppLoadContext }, options: GatewayOptions = {}): GatewayClient {
  const context = args.context as { clientIp?: string; requestScope?: object } | undefined;
  return new GatewayClient(args.request, { clientIp: context?.clientIp, scope: context?.requestScope, ...options });
}
