import { createLogger } from '../src/logging.js';
import { cookiesOf, credentials, ORIGIN, startGateway, type TestGateway } from './harness/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request logs', () => {
  const lines: string[] = [];
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = () => entries().filter((entry) => entry.msg === 'request');
  let gateway: TestGateway;

  beforeAll(async () => {
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
    gateway = await startGateway({}, { logger });
  });
  afterAll(() => gateway.close());
  beforeEach(() => void lines.splice(0));

  it('writes one line per request: request id (echoed in X-Request-Id), method, path without query, status, duration', async () => {
    const res = await gateway.http.get('/api/auth/ok?callbackURL=/secret-place').expect(200);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 'info', requestId: id, method: 'GET', path: '/api/auth/ok', status: 200, durationMs: expect.any(Number) }),
    ]);
    expect(lines.join('')).not.toContain('secret-place');
  });

  it('keeps a sane X-Request-Id from the client and replaces anything else', async () => {
    const kept = await gateway.http.get('/health/live').set('X-Request-Id', 'lb-trace.0042_x').expect(200);
    expect(kept.headers['x-request-id']).toBe('lb-trace.0042_x');
    const replaced = await gateway.http.get('/health/live').set('X-Request-Id', `${'x'.repeat(129)}`).expect(200);
    expect(replaced.headers['x-request-id']).toMatch(UUID);
    const odd = await gateway.http.get('/health/live').set('X-Request-Id', 'a b;c').expect(200);
    expect(odd.headers['x-request-id']).toMatch(UUID);
    expect(requestLines().map((entry) => entry.requestId)).toEqual(['lb-trace.0042_x', replaced.headers['x-request-id'], odd.headers['x-request-id']]);
  });

  it('logs errors with their status: a 404 and a 400 each get their line', async () => {
    await gateway.http.get('/nowhere').expect(404);
    await gateway.http.post('/api/auth/sign-in/email').set('Origin', ORIGIN).send({ email: 'not an email' }).expect(400);
    expect(requestLines().map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['GET', '/nowhere', 404],
      ['POST', '/api/auth/sign-in/email', 400],
    ]);
  });

  it('never logs the password, the session token, the cookie or the query string of a sign-up and a sign-in', async () => {
    const body = credentials({ password: 'Pa55word-that-must-not-leak' });
    const signedUp = await gateway.http.post('/api/auth/sign-up/email').set('Origin', ORIGIN).send(body).expect(200);
    const signedIn = await gateway.http
      .post('/api/auth/sign-in/email?token=query-secret-value')
      .set('Origin', ORIGIN)
      .set('Authorization', 'Bearer bearer-secret-value')
      .set('X-Api-Key', 'api-key-secret-value')
      .send({ email: body.email, password: body.password })
      .expect(200);
    const cookie = cookiesOf(signedIn);
    await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);

    const text = lines.join('');
    expect(requestLines()).toHaveLength(3);
    for (const secret of [body.password, signedUp.body.token, signedIn.body.token, cookie.split('=')[1]!, 'query-secret-value', 'bearer-secret-value', 'api-key-secret-value']) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  });
});
