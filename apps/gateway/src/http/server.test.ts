import { connect, type Socket } from 'node:net';
import { DrainingServer } from './server.js';

/** A raw HTTP/1.1 client socket: what it received, and when it closed. */
function client(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk) => {
    received += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    socket,
    closed,
    get received() {
      return received;
    },
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`),
    /** Resolves once `count` complete responses have arrived. */
    async responses(count: number) {
      while ((received.match(/\r\n\r\nok/g) ?? []).length < count) await new Promise<void>((wake) => waiters.push(wake));
      return received;
    },
  };
}

describe('DrainingServer', () => {
  it('closes idle keep-alive connections at once, finishes the request under way with Connection: close, then stops', async () => {
    let release!: () => void;
    const slowGate = new Promise<void>((resolve) => (release = resolve));
    let slowArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const server = new DrainingServer((req, res) => {
      const answer = () => {
        res.setHeader('Content-Length', '2');
        res.end('ok');
      };
      if (req.url === '/slow') {
        slowArrived();
        void slowGate.then(answer);
      } else answer();
    });
    const { port } = await server.listen(0, '127.0.0.1');

    const idle = client(port);
    idle.send('/fast');
    expect(await idle.responses(1)).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*Connection: keep-alive/);

    const busy = client(port);
    busy.send('/slow');
    await arrived;
    expect(server.inFlight).toBe(1);

    let stopped = false;
    const stopping = server.close().then(() => (stopped = true));
    await idle.closed;
    expect(stopped).toBe(false);

    release();
    const answer = await busy.responses(1);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/Connection: close/);
    await busy.closed;
    await stopping;

    const refused = await new Promise<string>((resolve) => {
      const late = connect(port, '127.0.0.1');
      late.once('connect', () => resolve('connected'));
      late.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('with an idle grace, leaves idle connections open for it (a request on one is answered with Connection: close) while new connections are refused', async () => {
    const server = new DrainingServer((_req, res) => {
      res.setHeader('Content-Length', '2');
      res.end('ok');
    });
    const { port } = await server.listen(0, '127.0.0.1');
    const reused = client(port);
    reused.send('/a');
    await reused.responses(1);
    const idle = client(port);
    idle.send('/b');
    await idle.responses(1);

    let stopped = false;
    const stopping = server.close(60_000).then(() => (stopped = true));
    expect(await connectResult(port)).toBe('ECONNREFUSED');

    reused.send('/c');
    const answers = await reused.responses(2);
    expect(answers.slice(answers.lastIndexOf('HTTP/1.1'))).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*Connection: close/);
    await reused.closed;
    expect(stopped).toBe(false);

    // The client closes its idle connection itself, as a load balancer's pool does: the server is then done.
    idle.socket.end();
    await stopping;
  });
});

function connectResult(port: number): Promise<string> {
  return new Promise<string>((resolve) => {
    const late = connect(port, '127.0.0.1');
    late.once('connect', () => {
      late.destroy();
      resolve('connected');
    });
    late.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}
