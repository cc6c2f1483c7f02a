import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP server that drains: `close()` stops accepting connections, closes idle keep-alive
 * connections at once, lets the requests under way finish, and answers them (and any request
 * still arriving on an open connection) with `Connection: close`, so no client keeps a
 * connection to a stopping process.
 */
export class DrainingServer {
  readonly server: Server;
  private draining = false;
  private readonly open = new Set<ServerResponse>();

  constructor(handler: RequestListener) {
    this.server = createServer((req, res) => {
      this.open.add(res);
      res.once('close', () => this.open.delete(res));
      if (this.draining) this.closeAfter(res);
      handler(req, res);
    });
  }

  /** Listens; resolves with the bound address. */
  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /** Requests under way. */
  get inFlight(): number {
    return this.open.size;
  }

  /** Drains (see the class); resolves when the last connection has closed. */
  close(): Promise<void> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const res of this.open) this.closeAfter(res);
    this.server.closeIdleConnections();
    return closed;
  }

  /** Ends every connection now, requests under way included (the shutdown deadline passed). */
  destroy(): void {
    this.server.closeAllConnections();
  }

  private closeAfter(res: ServerResponse): void {
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
      return;
    }
    // Already answering with keep-alive: close its connection as soon as it is idle.
    res.once('finish', () => setImmediate(() => this.server.closeIdleConnections()));
  }
}
