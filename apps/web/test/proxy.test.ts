// The /api/auth proxy of the web server, in front of a stub gateway.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { gatewayProxy } from '../server/gateway-proxy.mjs';
import { startStubGateway, type StubGateway } from './stub-gateway';

let stub: StubGateway;
let server: Server;
let web: string;

beforeAll(async () => {
  stub = await startStubGateway();
  const app = express();
  app.use('/api/auth', gatewayProxy(stub.url));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  web = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await stub.close();
});

describe('gateway proxy', () => {
  it('forwards method, path, query, body, cookies and Origin, and sets X-Forwarded-For', async () => {
    stub.on('POST /api/auth/sign-in/email', { body: { token: 't' } });
    await fetch(`${web}/api/auth/sign-in/email?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'tend.session_token=a', origin: 'http://localhost:3001', 'x-forwarded-for': '6.6.6.6' },
      body: JSON.stringify({ email: 'a@b.c', password: 'pw' }),
    });
    const sent = stub.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/api/auth/sign-in/email?x=1', body: { email: 'a@b.c', password: 'pw' } });
    expect(sent?.headers).toMatchObject({ cookie: 'tend.session_token=a', origin: 'http://localhost:3001', 'x-forwarded-for': '127.0.0.1' });
  });

  it('returns status, body, every Set-Cookie and redirects unchanged', async () => {
    stub.on('GET /api/auth/verify-email', {
      status: 302,
      headers: { location: 'http://localhost:3001/verify-email/result', 'set-cookie': ['tend.session_token=x; Path=/; HttpOnly', 'tend.session_data=y; Path=/'] },
    });
    const response = await fetch(`${web}/api/auth/verify-email?token=abc`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost:3001/verify-email/result');
    expect(response.headers.getSetCookie()).toEqual(['tend.session_token=x; Path=/; HttpOnly', 'tend.session_data=y; Path=/']);
  });

  it('answers 502 GATEWAY_UNAVAILABLE when the gateway is down', async () => {
    const app = express();
    app.use('/api/auth', gatewayProxy('http://127.0.0.1:9'));
    const down = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/api/auth/ok`);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ code: 'GATEWAY_UNAVAILABLE', message: 'The gateway could not be reached' });
    } finally {
      down.closeAllConnections();
      await new Promise((resolve) => down.close(resolve));
    }
  });
});
