// A tiny HTTP server on 127.0.0.1 standing in for the gateway in unit tests of the API client,
// the proxy and the actions: it records every request and answers from a route table.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
  headers?: Record<string, string | string[]>;
  /** Drop the connection without an answer, as a gateway that cannot be reached. */
  drop?: boolean;
}

export type Route = Reply | ((request: Recorded) => Reply);

export interface StubGateway {
  url: string;
  requests: Recorded[];
  routes: Map<string, Route>;
  /** Answer `METHOD /path` (without query) with `reply`. */
  on(key: string, reply: Route): void;
  close(): Promise<void>;
}

export async function startStubGateway(): Promise<StubGateway> {
  const requests: Recorded[] = [];
  const routes = new Map<string, Route>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      const recorded: Recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${recorded.path.split('?')[0]}`);
      const reply = typeof route === 'function' ? route(recorded) : (route ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
      if (reply.drop) return void req.socket.destroy();
      const headers: Record<string, string | string[]> = { ...(reply.headers ?? {}) };
      if (reply.text === undefined) headers['content-type'] = 'application/json';
      res.writeHead(reply.status ?? 200, headers);
      res.end(reply.text ?? JSON.stringify(reply.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    on: (key, reply) => void routes.set(key, reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
