import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as a fake provider received it, after the URL rewrite (`/HOST/PATH?Q`). */
export interface FakeRequest {
  method: string;
  /** The provider host the request was meant for (`github.com`). */
  host: string;
  /** The provider path (`/login/oauth/access_token`). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  /** The body parsed as a form (empty unless form-encoded). */
  form: URLSearchParams;
}

/** What a fake answers: a response, or `hang` (never answer), or `reset` (drop the connection). */
export type FakeReply =
  | { status: number; headers?: Record<string, string>; json?: unknown; text?: string; bytes?: Uint8Array }
  | 'hang'
  | 'reset';

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  host: string;
  /** Path segments; `*` matches any one segment. */
  segments: string[];
  handler: FakeHandler;
}

/**
 * An HTTP server on 127.0.0.1 (port 0) that plays provider hosts reached through the URL rewrite:
 * a request for `https://github.com/user` arrives as `/github.com/user`. Routes are matched on
 * host and path; every request is recorded for assertions.
 */
export class FakeHttpServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes: Route[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly overrides = new Map<string, { reply: FakeReply; times: number }>();
  private readonly holds = new Map<string, Promise<void>>();
  private fallback: ((req: IncomingMessage, res: ServerResponse, request: FakeRequest) => void) | null = null;

  private constructor(
    private readonly server: Server,
    readonly baseURL: string,
  ) {}

  static async start(): Promise<FakeHttpServer> {
    let instance: FakeHttpServer | null = null;
    const server = createServer((req, res) => void instance?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    instance = new FakeHttpServer(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket) => {
      instance?.sockets.add(socket);
      socket.on('close', () => instance?.sockets.delete(socket));
    });
    return instance;
  }

  /** Serves `method url` (`https://host/path`, `*` for any one path segment). */
  route(method: string, url: string, handler: FakeHandler): void {
    const parsed = new URL(url);
    this.routes.push({ method, host: parsed.host, segments: parsed.pathname.split('/'), handler });
  }

  /**
   * Makes the next `times` requests to `url` (any method, any query) answer `reply` instead:
   * a 500, a body that is not JSON, `hang`, `reset`.
   */
  override(url: string, reply: FakeReply, times = Number.POSITIVE_INFINITY): void {
    const parsed = new URL(url);
    this.overrides.set(`${parsed.host}${parsed.pathname}`, { reply, times });
  }

  clearOverrides(): void {
    this.overrides.clear();
  }

  /**
   * Keeps requests to `url` (recorded at once) unanswered until the returned function is
   * called, so a test can have several callers in flight at the same moment.
   */
  hold(url: string): () => void {
    const parsed = new URL(url);
    const key = `${parsed.host}${parsed.pathname}`;
    let release!: () => void;
    this.holds.set(key, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.holds.delete(key);
      release();
    };
  }

  /** Hands unmatched requests to another server (an oidc-provider instance). */
  setFallback(fallback: (req: IncomingMessage, res: ServerResponse, request: FakeRequest) => void): void {
    this.fallback = fallback;
  }

  /** The recorded requests meant for `url`'s host and path. */
  requestsTo(url: string): FakeRequest[] {
    const parsed = new URL(url);
    return this.requests.filter((r) => r.host === parsed.host && r.path === parsed.pathname);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = new URL(req.url ?? '/', 'http://fake');
    const [, host = '', ...rest] = raw.pathname.split('/');
    const method = req.method ?? 'GET';
    const path = `/${rest.join('/')}`;
    const override = this.overrides.get(`${host}${path}`);
    const route = this.routes.find((r) => r.method === method && r.host === host && matches(r.segments, path.split('/')));
    // An unmatched request goes to the fallback with its body unread.
    const body = (route || override || !this.fallback) && method !== 'GET' && method !== 'HEAD' ? await readBody(req) : '';
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const isForm = (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const request: FakeRequest = { method, host, path, query: raw.searchParams, headers, body, form: new URLSearchParams(isForm ? body : '') };
    this.requests.push(request);
    const held = this.holds.get(`${host}${path}`);
    if (held) await held;

    if (override && override.times > 0) {
      override.times -= 1;
      return this.reply(res, override.reply);
    }
    if (!route) {
      if (this.fallback) return this.fallback(req, res, request);
      return this.reply(res, { status: 404, json: { error: 'not_found' } });
    }
    try {
      this.reply(res, await route.handler(request));
    } catch (error) {
      this.reply(res, { status: 500, json: { error: 'fake_failure', message: error instanceof Error ? error.message : String(error) } });
    }
  }

  private reply(res: ServerResponse, reply: FakeReply): void {
    if (reply === 'hang') return;
    if (reply === 'reset') {
      res.socket?.destroy();
      return;
    }
    const headers = { ...reply.headers };
    let payload: string | Uint8Array = '';
    if (reply.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(reply.json);
    } else if (reply.text !== undefined) {
      headers['content-type'] ??= 'text/plain';
      payload = reply.text;
    } else if (reply.bytes !== undefined) {
      payload = reply.bytes;
    }
    res.writeHead(reply.status, headers);
    res.end(payload);
  }
}

function matches(pattern: string[], actual: string[]): boolean {
  return pattern.length === actual.length && pattern.every((segment, i) => segment === '*' || segment === actual[i]);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
