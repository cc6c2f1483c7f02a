// AUTH_SESSION_STORAGE: session lookups answered from Redis by every instance, kept true by every
// write (sessions, users, active organizations); and what the gateway does while Redis is down.
import { silentLogger } from '@tend/kernel';
import { configFromEnv, parseEnv } from '../src/env.js';
import { TOKENS } from '../src/tokens.js';
import { adminPost, cookiesOf, getSession, type Instances, organizationConfig, post, signInAdmin, signUp, startInstances, type TestGateway, testRedisUrl } from './harness/index.js';

/** GET /get-session without the cookie cache: what the session store answers. */
const stored = (gateway: TestGateway, cookie: string) => gateway.http.get('/api/auth/get-session').query({ disableCookieCache: 'true' }).set('Cookie', cookie).expect(200);

describe('AUTH_SESSION_STORAGE', () => {
  it('defaults to the database, and takes redis with REDIS_URL', () => {
    expect(configFromEnv(parseEnv({}), silentLogger).sessionStorage).toEqual({ storage: 'database', redisUrl: undefined });
    const env = parseEnv({ AUTH_SESSION_STORAGE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(configFromEnv(env, silentLogger).sessionStorage).toEqual({ storage: 'redis', redisUrl: 'redis://127.0.0.1:6379' });
  });

  it('refuses redis without REDIS_URL, and an unknown storage', () => {
    expect(() => parseEnv({ AUTH_SESSION_STORAGE: 'redis' })).toThrow(/AUTH_SESSION_STORAGE: redis storage needs REDIS_URL/);
    expect(() => parseEnv({ AUTH_SESSION_STORAGE: 'memcached', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/AUTH_SESSION_STORAGE/);
  });
});

describe('session storage redis, two instances, no cookie cache', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ storage: 'redis', config: { cookieCache: { enabled: false, maxAge: 300 }, ...organizationConfig() } });
  });
  afterAll(() => instances.close());

  it('answers lookups from Redis: once cached, a row deleted behind every instance’s back still answers (the database is not asked)', async () => {
    const { a, b } = instances;
    const { cookie, token } = await signUp(a);
    expect(cookie).not.toMatch(/session_data/);
    expect((await getSession(b, cookie)).body.session.token).toBe(token);
    await a.container.get(TOKENS.Database).session.delete({ where: { token } });
    expect((await getSession(a, cookie)).body.session.token).toBe(token);
  });

  it('refuses a signed-out session on the other instance at once', async () => {
    const { a, b } = instances;
    const { cookie } = await signUp(a);
    expect((await getSession(b, cookie)).body).not.toBeNull();
    await post(a, '/sign-out', cookie).expect(200);
    expect((await getSession(b, cookie)).body).toBeNull();
  });

  it('answers the changed user on the other instance after update-user', async () => {
    const { a, b } = instances;
    const { cookie } = await signUp(a);
    expect((await getSession(b, cookie)).body.user.name).toBe('Ada Lovelace');
    await post(a, '/update-user', cookie, { name: 'Ada King' }).expect(200);
    expect((await getSession(b, cookie)).body.user.name).toBe('Ada King');
  });

  it('answers a ban and a removal made by an admin on the other instance', async () => {
    const { a, b } = instances;
    const admin = await signInAdmin(a);
    const [banned, removed] = [await signUp(a), await signUp(a)];
    for (const { cookie } of [banned, removed]) expect((await getSession(b, cookie)).body).not.toBeNull();
    await adminPost(a, 'ban-user', admin.cookie, { userId: banned.user.id }).expect(200);
    await adminPost(a, 'remove-user', admin.cookie, { userId: removed.user.id }).expect(200);
    expect((await getSession(b, banned.cookie)).body).toBeNull();
    expect((await getSession(b, removed.cookie)).body).toBeNull();
  });

  it('answers the active organization set, cleared and deleted on the other instance', async () => {
    const { a, b, clock } = instances;
    const { cookie } = await signUp(a);
    const activeOn = async (gateway: TestGateway) => (await getSession(gateway, cookie)).body.session.activeOrganizationId as string | null;
    expect(await activeOn(b)).toBeNull();
    clock.advance(1000);
    const created = await post(a, '/organization/create', cookie, { name: 'Calm Coaches', slug: `calm-${Date.now()}` }).expect(200);
    expect(await activeOn(b)).toBe(created.body.id);
    await post(a, '/organization/set-active', cookie, { organizationId: null }).expect(200);
    expect(await activeOn(b)).toBeNull();
    await post(a, '/organization/set-active', cookie, { organizationId: created.body.id }).expect(200);
    expect(await activeOn(b)).toBe(created.body.id);
    await post(a, '/organization/delete', cookie, { organizationId: created.body.id }).expect(200);
    expect(await activeOn(b)).toBeNull();
  });
});

describe('session storage redis with the cookie cache: a revocation clears both caches', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ storage: 'redis' });
  });
  afterAll(() => instances.close());

  it('refuses, on B, the cookie and the Redis entry of a session revoked on A', async () => {
    const { a, b } = instances;
    const { body, cookie } = await signUp(a);
    const phone = cookiesOf(await b.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200));
    expect((await stored(b, phone)).body).not.toBeNull();
    await post(a, '/revoke-other-sessions', cookie).expect(200, { status: true });
    expect((await getSession(b, phone)).body).toBeNull();
    expect((await stored(b, phone)).body).toBeNull();
    expect((await stored(b, cookie)).body).not.toBeNull();
  });
});

describe('while Redis cannot be reached', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ storage: 'redis', redisUrl: 'redis://127.0.0.1:6390' });
  });
  afterAll(() => instances.close());

  it('serves sessions from the database and never trusts a cached cookie', async () => {
    const { a, b } = instances;
    const { cookie, token } = await signUp(a);
    expect(cookie).toMatch(/tend\.session_data=/);
    expect((await getSession(b, cookie)).body.session.token).toBe(token);
    await a.container.get(TOKENS.Database).session.delete({ where: { token } });
    expect((await getSession(b, cookie)).body).toBeNull();
    expect((await getSession(a, cookie)).body).toBeNull();
  });

  it('signs in, out and revokes as usual', async () => {
    const { a, b } = instances;
    const { body, cookie } = await signUp(a);
    const phone = cookiesOf(await b.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200));
    await post(b, '/revoke-other-sessions', phone).expect(200, { status: true });
    expect((await getSession(a, cookie)).body).toBeNull();
    await post(a, '/sign-out', phone).expect(200);
    expect((await getSession(b, phone)).body).toBeNull();
  });
});

describe('one instance without Redis (cookie cache on)', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ redisUrl: null });
  });
  afterAll(() => instances.close());

  it('refuses a signed-out cookie at once on the instance that signed it out (the registry in memory is exact)', async () => {
    const { a } = instances;
    const { cookie } = await signUp(a);
    expect((await getSession(a, cookie)).body).not.toBeNull();
    await post(a, '/sign-out', cookie).expect(200);
    expect((await getSession(a, cookie)).body).toBeNull();
  });

  it('uses no Redis at all', () => {
    expect(instances.a.container.get(TOKENS.SessionStorage).revocations?.constructor.name).toBe('MemoryRevocationRegistry');
    expect(testRedisUrl).toMatch(/^redis:/);
  });
});
