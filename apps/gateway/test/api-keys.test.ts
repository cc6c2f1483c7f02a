// The API-key routes over HTTP: create, list, get, update, delete and verify, each error of the
// spec's section 8 "API key messages" with its status, code and message.
import { BASE, ORIGIN, signUp, startGateway, type TestGateway } from './harness/index.js';

const NOT_FOUND = { code: 'API_KEY_NOT_FOUND', message: 'API Key not found' };
const DISABLED = { code: 'API_KEY_IS_DISABLED', message: 'API Key is disabled' };
const INVALID = { code: 'INVALID_API_KEY', message: 'Invalid API key.' };
const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Unauthorized' };

describe('API key routes', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const post = (path: string, cookie: string) => gateway.http.post(`${BASE}${path}`).set('Cookie', cookie).set('Origin', ORIGIN);
  const get = (path: string, cookie: string) => gateway.http.get(`${BASE}${path}`).set('Cookie', cookie);
  const create = async (cookie: string, body: Record<string, unknown> = {}) => (await post('/api-key/create', cookie).send({ name: 'ci', ...body }).expect(200)).body;
  const withKey = (key: string) => gateway.http.get(`${BASE}/get-session`).set('x-api-key', key);

  describe('POST /api-key/create', () => {
    it('answers the new key once, with its record and the defaults', async () => {
      const { cookie, user } = await signUp(gateway);
      const created = await create(cookie, { name: 'deploy bot' });
      expect(created).toMatchObject({
        name: 'deploy bot',
        userId: user.id,
        enabled: true,
        expiresAt: null,
        remaining: null,
        rateLimitEnabled: true,
        rateLimitTimeWindow: 86_400_000,
        rateLimitMax: 10,
        requestCount: 0,
        lastRequest: null,
      });
      expect(created.key).toMatch(/^[A-Za-z0-9]{64}$/);
      expect(created.start).toBe(created.key.slice(0, 6));
      expect(created).not.toHaveProperty('hash');
    });

    it('puts a prefix before the random part and sets expiresAt from expiresIn seconds', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie, { prefix: 'tend_', expiresIn: 3600 });
      expect(created.key).toMatch(/^tend_[A-Za-z0-9]{64}$/);
      expect(created.prefix).toBe('tend_');
      expect(Date.parse(created.expiresAt)).toBe(gateway.clock.now().getTime() + 3_600_000);
    });

    it.each([0, -1, 'x', 1.5])('answers 400 VALIDATION_ERROR for expiresIn %p', async (expiresIn) => {
      const { cookie } = await signUp(gateway);
      const res = await post('/api-key/create', cookie).send({ name: 'ci', expiresIn }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'expiresIn' })]));
    });

    it('answers 400 THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL for an empty name', async () => {
      const { cookie } = await signUp(gateway);
      const res = await post('/api-key/create', cookie).send({ name: '' }).expect(400);
      expect(res.body).toMatchObject({ code: 'THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL', message: 'The name length is either too large or too small.' });
    });

    it('answers 400 for a refill interval without an amount', async () => {
      const { cookie } = await signUp(gateway);
      const res = await post('/api-key/create', cookie).send({ refillInterval: 1000 }).expect(400);
      expect(res.body).toMatchObject({
        code: 'REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED',
        message: 'refillAmount is required when refillInterval is provided',
      });
    });

    it('answers 401 UNAUTHORIZED without a session', async () => {
      const res = await gateway.http.post(`${BASE}/api-key/create`).set('Origin', ORIGIN).send({ name: 'ci' }).expect(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    });
  });

  describe('GET /api-key/list and /api-key/get', () => {
    it('list answers only the own keys, oldest first, never the key or its hash', async () => {
      const { cookie } = await signUp(gateway);
      const other = await signUp(gateway);
      const first = await create(cookie, { name: 'first' });
      gateway.clock.advance(1000);
      const second = await create(cookie, { name: 'second' });
      await create(other.cookie, { name: 'theirs' });
      const res = await get('/api-key/list', cookie).expect(200);
      expect(res.body.map((k: { id: string }) => k.id)).toEqual([first.id, second.id]);
      for (const listed of res.body) {
        expect(listed).not.toHaveProperty('key');
        expect(listed).not.toHaveProperty('hash');
      }
      expect(res.text).not.toContain(first.key);
      expect(res.text).not.toContain(second.key);
      expect(res.body[0]).toMatchObject({ name: 'first', start: first.key.slice(0, 6) });
    });

    it('get answers one own key without the key or its hash', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie);
      const res = await get(`/api-key/get?id=${created.id}`, cookie).expect(200);
      expect(res.body).toMatchObject({ id: created.id, name: 'ci', start: created.start });
      expect(res.body).not.toHaveProperty('key');
      expect(res.body).not.toHaveProperty('hash');
      expect(res.text).not.toContain(created.key);
    });

    it("get answers 404 API_KEY_NOT_FOUND for another user's key and for an unknown id", async () => {
      const owner = await signUp(gateway);
      const stranger = await signUp(gateway);
      const created = await create(owner.cookie);
      const theirs = await get(`/api-key/get?id=${created.id}`, stranger.cookie).expect(404);
      expect(theirs.body).toMatchObject(NOT_FOUND);
      const unknown = await get('/api-key/get?id=00000000-0000-4000-8000-000000000000', owner.cookie).expect(404);
      expect(unknown.body).toMatchObject(NOT_FOUND);
    });

    it('get answers 400 VALIDATION_ERROR without an id', async () => {
      const { cookie } = await signUp(gateway);
      const res = await get('/api-key/get', cookie).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    });

    it('list and get answer 401 UNAUTHORIZED without a session', async () => {
      expect((await gateway.http.get(`${BASE}/api-key/list`).expect(401)).body).toMatchObject(UNAUTHORIZED);
      expect((await gateway.http.get(`${BASE}/api-key/get?id=x`).expect(401)).body).toMatchObject(UNAUTHORIZED);
    });
  });

  describe('POST /api-key/update', () => {
    it('renames a key and answers the record without the key', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie);
      const res = await post('/api-key/update', cookie).send({ keyId: created.id, name: 'renamed' }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, name: 'renamed' });
      expect(res.body).not.toHaveProperty('key');
      expect(res.body).not.toHaveProperty('hash');
    });

    it("answers 404 API_KEY_NOT_FOUND for another user's key and leaves it alone", async () => {
      const owner = await signUp(gateway);
      const stranger = await signUp(gateway);
      const created = await create(owner.cookie);
      const res = await post('/api-key/update', stranger.cookie).send({ keyId: created.id, enabled: false }).expect(404);
      expect(res.body).toMatchObject(NOT_FOUND);
      expect((await get(`/api-key/get?id=${created.id}`, owner.cookie).expect(200)).body.enabled).toBe(true);
    });

    it('answers 400 NO_VALUES_TO_UPDATE when nothing is given', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie);
      const res = await post('/api-key/update', cookie).send({ keyId: created.id }).expect(400);
      expect(res.body).toMatchObject({ code: 'NO_VALUES_TO_UPDATE', message: 'No values to update.' });
    });

    it.each([0, -1, 'x'])('answers 400 VALIDATION_ERROR for expiresIn %p', async (expiresIn) => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie);
      const res = await post('/api-key/update', cookie).send({ keyId: created.id, expiresIn }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    });

    it('disables a key: requests with it answer 401 API_KEY_IS_DISABLED and verify says why', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie);
      await withKey(created.key).expect(200);
      const res = await post('/api-key/update', cookie).send({ keyId: created.id, enabled: false }).expect(200);
      expect(res.body.enabled).toBe(false);

      const refused = await withKey(created.key).expect(401);
      expect(refused.body).toMatchObject(DISABLED);
      const verified = await gateway.http.post(`${BASE}/api-key/verify`).send({ key: created.key }).expect(200);
      expect(verified.body).toEqual({ valid: false, error: expect.objectContaining(DISABLED), key: null });

      // Enabled again, it works again.
      await post('/api-key/update', cookie).send({ keyId: created.id, enabled: true }).expect(200);
      await withKey(created.key).expect(200);
    });
  });

  describe('POST /api-key/delete', () => {
    it('deletes a key: gone from the list, get answers 404 and the key is invalid', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie);
      const res = await post('/api-key/delete', cookie).send({ keyId: created.id }).expect(200);
      expect(res.body).toEqual({ success: true });
      expect((await get('/api-key/list', cookie).expect(200)).body).toEqual([]);
      expect((await get(`/api-key/get?id=${created.id}`, cookie).expect(404)).body).toMatchObject(NOT_FOUND);
      expect((await withKey(created.key).expect(401)).body).toMatchObject(INVALID);
      expect((await post('/api-key/delete', cookie).send({ keyId: created.id }).expect(404)).body).toMatchObject(NOT_FOUND);
    });

    it("answers 404 API_KEY_NOT_FOUND for another user's key and keeps it", async () => {
      const owner = await signUp(gateway);
      const stranger = await signUp(gateway);
      const created = await create(owner.cookie);
      const res = await post('/api-key/delete', stranger.cookie).send({ keyId: created.id }).expect(404);
      expect(res.body).toMatchObject(NOT_FOUND);
      await withKey(created.key).expect(200);
    });

    it('answers 401 UNAUTHORIZED without a session', async () => {
      const res = await gateway.http.post(`${BASE}/api-key/delete`).set('Origin', ORIGIN).send({ keyId: 'x' }).expect(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    });
  });

  describe('POST /api-key/verify', () => {
    it('answers valid with the key record (no key, no hash), counted as one use', async () => {
      const { cookie, user } = await signUp(gateway);
      const created = await create(cookie, { remaining: 3 });
      const res = await gateway.http.post(`${BASE}/api-key/verify`).send({ key: created.key }).expect(200);
      expect(res.body).toMatchObject({ valid: true, error: null, key: { id: created.id, userId: user.id, remaining: 2, requestCount: 1 } });
      expect(res.body.key).not.toHaveProperty('key');
      expect(res.body.key).not.toHaveProperty('hash');
      expect(Date.parse(res.body.key.lastRequest)).toBe(gateway.clock.now().getTime());
    });

    it('answers {valid: false, error: INVALID_API_KEY} for an unknown key', async () => {
      const res = await gateway.http.post(`${BASE}/api-key/verify`).send({ key: 'x'.repeat(64) }).expect(200);
      expect(res.body).toEqual({ valid: false, error: expect.objectContaining(INVALID), key: null });
    });

    it('checks permissions: a key without them answers API_KEY_NOT_FOUND and spends nothing', async () => {
      const { cookie } = await signUp(gateway);
      const created = await create(cookie, { remaining: 5, permissions: { files: ['read'] } });
      const allowed = await gateway.http.post(`${BASE}/api-key/verify`).send({ key: created.key, permissions: { files: ['read'] } }).expect(200);
      expect(allowed.body).toMatchObject({ valid: true, key: { remaining: 4 } });
      const refused = await gateway.http.post(`${BASE}/api-key/verify`).send({ key: created.key, permissions: { files: ['write'] } }).expect(200);
      expect(refused.body).toEqual({ valid: false, error: expect.objectContaining(NOT_FOUND), key: null });
      expect((await get(`/api-key/get?id=${created.id}`, cookie).expect(200)).body.remaining).toBe(4);
    });

    it('answers 400 VALIDATION_ERROR without a key', async () => {
      const res = await gateway.http.post(`${BASE}/api-key/verify`).send({}).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    });
  });
});
