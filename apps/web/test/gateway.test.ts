import { readEnv } from '../app/lib/env.server';
import { GatewayClient, parseSetCookie, webOrigin } from '../app/lib/gateway.server';
import { startStubGateway, type StubGateway } from './stub-gateway';

let stub: StubGateway;

beforeAll(async () => {
  stub = await startStubGateway();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  stub.routes.clear();
});

function browserRequest(headers: Record<string, string> = {}, url = 'http://localhost:3001/account'): Request {
  return new Request(url, { headers });
}

describe('GatewayClient', () => {
  it("forwards only the gateway's cookies, the browser's User-Agent and the client IP", async () => {
    stub.on('GET /api/auth/get-session', { body: null });
    const request = browserRequest({
      cookie: 'tend.session_token=abc.def; other_site=secret; __Secure-tend.session_data=xyz',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    });
    await new GatewayClient(request, { baseUrl: stub.url, clientIp: '203.0.113.7' }).get('/api/auth/get-session');
    const [sent] = stub.requests;
    expect(sent?.headers.cookie).toBe('tend.session_token=abc.def; __Secure-tend.session_data=xyz');
    expect(sent?.headers['user-agent']).toBe('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');
    expect(sent?.headers['x-forwarded-for']).toBe('203.0.113.7');
  });

  it("sends the browser's Origin, or the web app's own when the browser sent none", async () => {
    stub.on('POST /api/auth/sign-out', { body: { success: true } });
    await new GatewayClient(browserRequest({ origin: 'http://127.0.0.1:3001' }), { baseUrl: stub.url }).post('/api/auth/sign-out');
    await new GatewayClient(browserRequest(), { baseUrl: stub.url }).post('/api/auth/sign-out');
    expect(stub.requests.map((r) => r.headers.origin)).toEqual(['http://127.0.0.1:3001', 'http://localhost:3001']);
  });

  it('posts JSON bodies', async () => {
    stub.on('POST /api/auth/sign-in/email', { body: { token: 't', user: {} } });
    await new GatewayClient(browserRequest(), { baseUrl: stub.url }).post('/api/auth/sign-in/email', { email: 'a@b.c', password: 'pw' });
    expect(stub.requests[0]?.headers['content-type']).toBe('application/json');
    expect(stub.requests[0]?.body).toEqual({ email: 'a@b.c', password: 'pw' });
  });

  it('passes every Set-Cookie on, and uses a new session cookie for the next call', async () => {
    stub.on('POST /api/auth/sign-in/email', {
      body: { token: 'new', user: {} },
      headers: { 'set-cookie': ['tend.session_token=new.sig; Path=/; HttpOnly; SameSite=Lax', 'tend.dont_remember=; Path=/; Max-Age=0'] },
    });
    stub.on('GET /api/auth/get-session', { body: null });
    const api = new GatewayClient(browserRequest({ cookie: 'tend.session_token=old.sig; tend.dont_remember=1' }), { baseUrl: stub.url });
    await api.post('/api/auth/sign-in/email', {});
    await api.get('/api/auth/get-session');
    expect(api.headers.getSetCookie()).toEqual([
      'tend.session_token=new.sig; Path=/; HttpOnly; SameSite=Lax',
      'tend.dont_remember=; Path=/; Max-Age=0',
    ]);
    expect(stub.requests[1]?.headers.cookie).toBe('tend.session_token=new.sig');
  });

  it('reads { code, message } errors with their status and Retry-After', async () => {
    stub.on('POST /api/auth/sign-in/email', { status: 429, body: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' }, headers: { 'retry-after': '17' } });
    const result = await new GatewayClient(browserRequest(), { baseUrl: stub.url }).post('/api/auth/sign-in/email', {});
    expect(result).toEqual({ ok: false, status: 429, error: { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests', retryAfter: 17 } });
  });

  it('keeps validation issues', async () => {
    const issues = [{ path: ['email'], message: 'Invalid email' }];
    stub.on('POST /api/auth/sign-up/email', { status: 400, body: { code: 'VALIDATION_ERROR', message: 'Invalid body parameters', issues } });
    const result = await new GatewayClient(browserRequest(), { baseUrl: stub.url }).post('/api/auth/sign-up/email', {});
    expect(!result.ok && result.error.issues).toEqual(issues);
  });

  it('names an error without a JSON body by its status', async () => {
    stub.on('GET /api/auth/list-sessions', { status: 502, text: '<html>Bad gateway</html>' });
    const result = await new GatewayClient(browserRequest(), { baseUrl: stub.url }).get('/api/auth/list-sessions');
    expect(!result.ok && result.error).toEqual({ status: 502, code: 'SERVER_ERROR', message: '' });
  });

  it('answers GATEWAY_UNAVAILABLE when nothing listens', async () => {
    const closed = await startStubGateway();
    await closed.close();
    const result = await new GatewayClient(browserRequest(), { baseUrl: closed.url }).get('/api/auth/get-session');
    expect(!result.ok && result.error.code).toBe('GATEWAY_UNAVAILABLE');
  });
});

describe('configuration', () => {
  it('reads GATEWAY_URL, without a trailing slash', () => {
    expect(readEnv({ GATEWAY_URL: 'http://gw:4000/' }).gatewayUrl).toBe('http://gw:4000');
    expect(readEnv({}).gatewayUrl).toBe('http://127.0.0.1:3000');
  });

  it('takes the web origin from WEB_ORIGIN, else from the request', () => {
    expect(readEnv({ WEB_ORIGIN: 'https://tend.example/' }).webOrigin).toBe('https://tend.example');
    expect(readEnv({ WEB_ORIGIN: '' }).webOrigin).toBeNull();
    expect(webOrigin(new Request('http://127.0.0.1:3001/sign-up'))).toBe('http://127.0.0.1:3001');
  });

  it('refuses a bad setting at start, naming it', () => {
    expect(() => readEnv({ GATEWAY_URL: 'gw:4000' })).toThrow(/GATEWAY_URL: GATEWAY_URL must be an http\(s\) URL/);
    expect(() => readEnv({ WEB_PORT: 'eighty' })).toThrow(/WEB_PORT/);
    expect(() => readEnv({ DEV_OUTBOX: 'yes' })).toThrow(/DEV_OUTBOX/);
  });

  it('reads the port, the proxy trust and the outbox switch', () => {
    expect(readEnv({ WEB_PORT: '4001', TRUST_PROXY: '1' })).toMatchObject({ port: 4001, trustProxy: 1 });
    expect(readEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(readEnv({}).trustProxy).toBe(false);
    expect(readEnv({ NODE_ENV: 'production' }).devOutbox).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(readEnv({ NODE_ENV: 'development', DEV_OUTBOX: '0' }).devOutbox).toBe(false);
  });

  it('recognises Set-Cookie lines that remove a cookie', () => {
    expect(parseSetCookie('tend.session_token=; Path=/; Max-Age=0')?.removes).toBe(true);
    expect(parseSetCookie('tend.session_token=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT')?.removes).toBe(true);
    expect(parseSetCookie('tend.session_token=x; Path=/; Max-Age=604800')).toEqual({ name: 'tend.session_token', value: 'x', removes: false });
  });
});

describe('one HTTP request, several clients', () => {
  it('asks for the session once, and again after a write', async () => {
    stub.on('GET /api/auth/get-session', { body: null });
    stub.on('POST /api/auth/update-user', { body: { status: true } });
    const request = browserRequest({ cookie: 'tend.session_token=a' });
    const scope = {};
    const [root, page] = [new GatewayClient(request, { baseUrl: stub.url, scope }), new GatewayClient(request, { baseUrl: stub.url, scope })];
    await Promise.all([root.getShared('/api/auth/get-session'), page.getShared('/api/auth/get-session')]);
    await page.post('/api/auth/update-user', { name: 'B' });
    await root.getShared('/api/auth/get-session');
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/get-session', 'POST /api/auth/update-user', 'GET /api/auth/get-session']);
  });

  it("lets the loaders after an action use the session cookie the action received", async () => {
    stub.on('POST /api/auth/change-password', { body: { token: 'n' }, headers: { 'set-cookie': 'tend.session_token=new; Path=/; HttpOnly' } });
    stub.on('GET /api/auth/get-session', { body: null });
    const request = browserRequest({ cookie: 'tend.session_token=old' });
    const scope = {};
    await new GatewayClient(request, { baseUrl: stub.url, scope }).post('/api/auth/change-password', {});
    await new GatewayClient(request, { baseUrl: stub.url, scope }).get('/api/auth/get-session');
    await new GatewayClient(request, { baseUrl: stub.url }).get('/api/auth/get-session');
    expect(stub.requests.map((r) => r.headers.cookie)).toEqual(['tend.session_token=old', 'tend.session_token=new', 'tend.session_token=old']);
  });
});
