// Requests made with an API key (`x-api-key` or `apikey` header): guarded routes accept it, and
// every refusal of spec section 8 "API key messages" (invalid, disabled, expired, usage limit,
// rate limit, failed update) answers its status, code and message.
import { PrismaApiKeyRepository } from '@tend/api-keys/prisma';
import type { ApiKeyRepository } from '@tend/api-keys';
import { MODULES } from '../src/index.js';
import { API_KEYS } from '../src/modules/api-keys/tokens.js';
import { PLATFORM } from '../src/platform.js';
import { BASE, cookiesOf, credentials, ORIGIN, signUp, startGateway, type TestGateway } from './harness/index.js';

describe('requests with an API key', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const createKey = async (cookie: string, body: Record<string, unknown> = {}) =>
    (await gateway.http.post(`${BASE}/api-key/create`).set('Cookie', cookie).set('Origin', ORIGIN).send({ name: 'ci', ...body }).expect(200)).body as {
      id: string;
      key: string;
    };
  const sessionWith = (key: string, header = 'x-api-key') => gateway.http.get(`${BASE}/get-session`).set(header, key);

  it('GET /get-session with x-api-key answers the key owner, and sets no cookie', async () => {
    const { cookie, user } = await signUp(gateway);
    const { id, key } = await createKey(cookie);
    const res = await sessionWith(key).expect(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(res.body.session).toMatchObject({ id, userId: user.id, token: '' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('POST /update-user with x-api-key and no cookie changes the owner (no Origin needed)', async () => {
    const { cookie, user } = await signUp(gateway);
    const { key } = await createKey(cookie);
    const res = await gateway.http.post(`${BASE}/update-user`).set('x-api-key', key).send({ name: 'Renamed By Key' }).expect(200);
    expect(res.body).toEqual({ status: true });
    const after = await gateway.http.get(`${BASE}/get-session`).set('Cookie', cookie).query({ disableCookieCache: 'true' }).expect(200);
    expect(after.body.user).toMatchObject({ id: user.id, name: 'Renamed By Key' });
  });

  it('POST /update-user with the apikey header works too', async () => {
    const { cookie, user } = await signUp(gateway);
    const { key } = await createKey(cookie);
    await gateway.http.post(`${BASE}/update-user`).set('apikey', key).send({ name: 'Via Apikey Header' }).expect(200);
    const after = await sessionWith(key, 'apikey').expect(200);
    expect(after.body.user).toMatchObject({ id: user.id, name: 'Via Apikey Header' });
  });

  it('the API-key routes themselves accept a key: GET /api-key/list with x-api-key', async () => {
    const { cookie } = await signUp(gateway);
    const { id, key } = await createKey(cookie);
    const res = await gateway.http.get(`${BASE}/api-key/list`).set('x-api-key', key).expect(200);
    expect(res.body.map((k: { id: string }) => k.id)).toEqual([id]);
    expect(res.text).not.toContain(key);
  });

  it('answers 401 INVALID_API_KEY for an unknown key, a short key and on guarded routes', async () => {
    const expected = { code: 'INVALID_API_KEY', message: 'Invalid API key.' };
    expect((await sessionWith('a'.repeat(64)).expect(401)).body).toMatchObject(expected);
    expect((await sessionWith('nope').expect(401)).body).toMatchObject(expected);
    expect((await gateway.http.get(`${BASE}/list-sessions`).set('apikey', 'b'.repeat(64)).expect(401)).body).toMatchObject(expected);
    const write = await gateway.http.post(`${BASE}/update-user`).set('x-api-key', 'c'.repeat(64)).send({ name: 'x' }).expect(401);
    expect(write.body).toMatchObject(expected);
  });

  it('answers 401 API_KEY_IS_DISABLED for a disabled key on a guarded route', async () => {
    const { cookie } = await signUp(gateway);
    const { id, key } = await createKey(cookie);
    await gateway.http.post(`${BASE}/api-key/update`).set('Cookie', cookie).set('Origin', ORIGIN).send({ keyId: id, enabled: false }).expect(200);
    const res = await gateway.http.post(`${BASE}/update-user`).set('x-api-key', key).send({ name: 'x' }).expect(401);
    expect(res.body).toMatchObject({ code: 'API_KEY_IS_DISABLED', message: 'API Key is disabled' });
    expect((await sessionWith(key).expect(401)).body).toMatchObject({ code: 'API_KEY_IS_DISABLED', message: 'API Key is disabled' });
  });

  it('answers 401 API_KEY_HAS_EXPIRED once expiresIn has passed, on use and on verify', async () => {
    const { cookie } = await signUp(gateway);
    const { key } = await createKey(cookie, { expiresIn: 1 });
    await sessionWith(key).expect(200);
    gateway.clock.advance(2000);
    const expected = { code: 'API_KEY_HAS_EXPIRED', message: 'API Key has expired' };
    expect((await sessionWith(key).expect(401)).body).toMatchObject(expected);
    const verified = await gateway.http.post(`${BASE}/api-key/verify`).send({ key }).expect(200);
    expect(verified.body).toEqual({ valid: false, error: expect.objectContaining(expected), key: null });
  });

  it('answers 429 API_KEY_HAS_REACHED_ITS_USAGE_LIMIT on the third use of a key with remaining 2', async () => {
    const { cookie } = await signUp(gateway);
    const { id, key } = await createKey(cookie, { remaining: 2 });
    await sessionWith(key).expect(200);
    await sessionWith(key).expect(200);
    const res = await sessionWith(key).expect(429);
    expect(res.body).toMatchObject({ code: 'API_KEY_HAS_REACHED_ITS_USAGE_LIMIT', message: 'API Key has reached its usage limit' });
    const stored = await gateway.http.get(`${BASE}/api-key/get?id=${id}`).set('Cookie', cookie).expect(200);
    expect(stored.body).toMatchObject({ remaining: 0, requestCount: 2 });
  });

  it("answers 429 RATE_LIMIT_EXCEEDED with Retry-After on the third use within the key's window", async () => {
    const { cookie } = await signUp(gateway);
    const { key } = await createKey(cookie, { rateLimitMax: 2, rateLimitTimeWindow: 60_000 });
    // Windows are aligned to the epoch: start at the beginning of one so three uses share it.
    const now = gateway.clock.now().getTime();
    gateway.clock.advance(60_000 - (now % 60_000));
    await sessionWith(key).expect(200);
    await sessionWith(key).expect(200);
    const res = await sessionWith(key).expect(429);
    expect(res.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded.' });
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body.retryAfter).toBe(60);

    // Once the window has passed, the key works again.
    gateway.clock.advance(60_000);
    await sessionWith(key).expect(200);
  });

  it('spends a budget of 5 exactly 5 times under 20 parallel requests', async () => {
    const { cookie } = await signUp(gateway);
    const { id, key } = await createKey(cookie, { remaining: 5 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sessionWith(key)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ code: 'API_KEY_HAS_REACHED_ITS_USAGE_LIMIT', message: 'API Key has reached its usage limit' });
    }
    const stored = await gateway.http.get(`${BASE}/api-key/get?id=${id}`).set('Cookie', cookie).expect(200);
    expect(stored.body).toMatchObject({ remaining: 0, requestCount: 5 });
  });

  it('a key of a deleted user is invalid', async () => {
    const { cookie, body } = await signUp(gateway);
    const { key } = await createKey(cookie);
    await gateway.http.post(`${BASE}/delete-user`).set('Cookie', cookie).set('Origin', ORIGIN).send({ password: body.password }).expect(200);
    expect((await sessionWith(key).expect(401)).body).toMatchObject({ code: 'INVALID_API_KEY', message: 'Invalid API key.' });
  });

  it('a session cookie wins over a key header', async () => {
    const owner = await signUp(gateway);
    const other = await signUp(gateway);
    const { key } = await createKey(owner.cookie);
    const res = await gateway.http.get(`${BASE}/get-session`).set('Cookie', other.cookie).set('x-api-key', key).expect(200);
    expect(res.body.user.id).toBe(other.user.id);
  });
});

describe('API keys in the OpenAPI document', () => {
  interface Operation {
    security?: Record<string, unknown[]>[];
  }
  let doc: { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Record<string, unknown>> } };
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
    doc = (await gateway.http.get(`${BASE}/open-api/generate-schema`).expect(200)).body;
  });
  afterAll(() => gateway.close());

  it('documents every API-key route', () => {
    const routes = [
      ['post', '/api-key/create'],
      ['get', '/api-key/list'],
      ['get', '/api-key/get'],
      ['post', '/api-key/update'],
      ['post', '/api-key/delete'],
      ['post', '/api-key/verify'],
    ] as const;
    for (const [method, path] of routes) expect(doc.paths[`${BASE}${path}`]?.[method]).toBeDefined();
  });

  it('declares the apiKey security scheme (header x-api-key)', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('lists apiKey on guarded operations, not on public ones', () => {
    const schemesOf = (path: string, method: string) => (doc.paths[`${BASE}${path}`]?.[method]?.security ?? []).flatMap((entry) => Object.keys(entry));
    expect(schemesOf('/update-user', 'post')).toContain('apiKey');
    expect(schemesOf('/api-key/list', 'get')).toContain('apiKey');
    expect(schemesOf('/api-key/create', 'post')).toContain('apiKey');
    expect(schemesOf('/api-key/verify', 'post')).toEqual([]);
    expect(schemesOf('/sign-in/email', 'post')).toEqual([]);
  });
});

describe('a key whose use cannot be written', () => {
  it('answers 500 FAILED_TO_UPDATE_API_KEY when every attempt to spend a use is lost', async () => {
    // The store finds the key usable but never manages to record the use (as when other
    // requests keep changing it in between): after its retries the gateway gives up.
    const modules = MODULES.map((module) =>
      module.name !== 'api-keys'
        ? module
        : {
            ...module,
            bind: (c: Parameters<typeof module.bind>[0], context: Parameters<typeof module.bind>[1]) => {
              module.bind(c, context);
              c.rebind(API_KEYS.Repository).toResolvedValue((db: ConstructorParameters<typeof PrismaApiKeyRepository>[0]): ApiKeyRepository => {
                const real = new PrismaApiKeyRepository(db);
                return Object.assign(Object.create(real) as ApiKeyRepository, { spend: async () => null });
              }, [PLATFORM.Database]);
            },
          },
    );
    const gateway = await startGateway({}, { modules });
    try {
      const { http } = gateway;
      const signedUp = await http.post(`${BASE}/sign-up/email`).send(credentials()).expect(200);
      const cookie = cookiesOf(signedUp);
      const created = await http.post(`${BASE}/api-key/create`).set('Cookie', cookie).set('Origin', ORIGIN).send({ name: 'ci' }).expect(200);
      const res = await http.get(`${BASE}/get-session`).set('x-api-key', created.body.key).expect(500);
      expect(res.body).toMatchObject({ code: 'FAILED_TO_UPDATE_API_KEY', message: 'Failed to update API key.' });
    } finally {
      await gateway.close();
    }
  });
});
