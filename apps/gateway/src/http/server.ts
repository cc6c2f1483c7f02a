import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';

/**
 * An HTTP server that drains without racing its clients. `close(idleGraceMs)` stops accepting
 * connections (new ones are refused, so a load balancer retries them elsewhere: nothing was sent),
 * lets the requests under way finish, and answers them and every later request on an open
 * connection with `Connection: close`. Connections left idle are closed only `idleGraceMs` later:
 * closing an idle keep-alive connection races a client that is sending on it (a load balancer
 * then cannot tell whether its request ran), so a balancer whose pooled connections time out
 * sooner closes them itself first.
 */
export class DrainingServer {
  readonly server: Server;
  private closing = false;
  private readonly open = new Set<ServerResponse>();

  constructor(handler: RequestListener) {
    this.server = createServer((req, res) => {
      this.open.add(res);
      res.once('close', () => this.open.delete(res));
      if (this.closing) closeAfter(res);
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
  close(idleGraceMs = 0): Promise<void> {
    this.closing = true;
    // net.Server's close, not http.Server's: since Node 19 the latter also closes idle
    // connections at once, freshly accepted ones whose request is on its way included.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(this.server, () => resolve()));
    for (const res of this.open) closeAfter(res);
    const idle = setTimeout(() => this.server.closeIdleConnections(), idleGraceMs);
    return closed.finally(() => clearTimeout(idle));
  }

  /** Ends every connection now, requests under way included (the shutdown deadline passed). */
  destroy(): void {
    this.server.closeAllConnections();
  }
}

/**
 * Ends the response's connection after it. One already answering with keep-alive is left as it
 * is: its next request gets `Connection: close`, or it is closed with the idle ones.
 */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
