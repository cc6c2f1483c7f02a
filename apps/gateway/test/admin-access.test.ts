import { silentLogger, uuid } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser } from '@tend/identity';
import { configFromEnv, EnvError, parseEnv } from '../src/env.js';
import { TOKENS } from '../src/tokens.js';
import { adminGet, adminPost, cookiesOf, getSession, makeAdmin, signInAdmin, signUp, startGateway, type TestGateway } from './harness/index.js';

const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Unauthorized' };

/** Every admin route with a valid input, and the 403 of spec section 8 a caller without its permission gets. */
const GUARDED: { method: 'get' | 'post'; path: string; input: (userId: string) => object; code: string; message: string }[] = [
  { method: 'post', path: 'set-role', input: (userId) => ({ userId, role: 'admin' }), code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE', message: 'You are not allowed to change users role' },
  {
    method: 'post',
    path: 'create-user',
    input: () => ({ email: `new.${uuid()}@example.com`, password: 'a good long passphrase', name: 'New' }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
    message: 'You are not allowed to create users',
  },
  { method: 'get', path: 'list-users', input: () => ({}), code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', message: 'You are not allowed to list users' },
  { method: 'get', path: 'get-user', input: (userId) => ({ id: userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', message: 'You are not allowed to get user' },
  { method: 'post', path: 'list-user-sessions', input: (userId) => ({ userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS', message: 'You are not allowed to list users sessions' },
  { method: 'post', path: 'ban-user', input: (userId) => ({ userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', message: 'You are not allowed to ban users' },
  { method: 'post', path: 'unban-user', input: (userId) => ({ userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', message: 'You are not allowed to ban users' },
  { method: 'post', path: 'impersonate-user', input: (userId) => ({ userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS', message: 'You are not allowed to impersonate users' },
  {
    method: 'post',
    path: 'revoke-user-session',
    input: () => ({ sessionToken: 'x'.repeat(32) }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
    message: 'You are not allowed to revoke users sessions',
  },
  { method: 'post', path: 'revoke-user-sessions', input: (userId) => ({ userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS', message: 'You are not allowed to revoke users sessions' },
  { method: 'post', path: 'remove-user', input: (userId) => ({ userId }), code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS', message: 'You are not allowed to delete users' },
  {
    method: 'post',
    path: 'set-user-password',
    input: (userId) => ({ userId, newPassword: 'another good passphrase' }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
    message: 'You are not allowed to set users password',
  },
  { method: 'get', path: 'audit-log', input: () => ({}), code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', message: 'You are not allowed to list users' },
];

const call = (gateway: TestGateway, route: (typeof GUARDED)[number], cookie: string, userId: string) =>
  route.method === 'get' ? adminGet(gateway, route.path, cookie, route.input(userId) as Record<string, string>) : adminPost(gateway, route.path, cookie, route.input(userId));

describe('admin routes: who may call them', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it.each([...GUARDED.map((route) => [route.method, route.path] as const), ['post', 'stop-impersonating'] as const, ['post', 'has-permission'] as const])(
    '%s /admin/%s answers 401 UNAUTHORIZED without a session',
    async (method, path) => {
      const res = method === 'get' ? await gateway.http.get(`/api/auth/admin/${path}`) : await gateway.http.post(`/api/auth/admin/${path}`).send({});
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    },
  );

  it.each(GUARDED.map((route) => [route.method, route.path, route] as const))('%s /admin/%s answers a plain user 403 with its message', async (_method, _path, route) => {
    const caller = await signUp(gateway);
    const victim = await signUp(gateway);
    const res = await call(gateway, route, caller.cookie, victim.user.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: route.code, message: route.message });
    // Nothing happened to the victim: still signed in, same role, not banned.
    const session = await getSession(gateway, victim.cookie);
    expect(session.body.user).toMatchObject({ id: victim.user.id, role: 'user', banned: false });
  });

  it('lets an admin through every guarded route', async () => {
    const admin = await signInAdmin(gateway);
    for (const route of GUARDED) {
      const victim = await signUp(gateway);
      const res = await call(gateway, route, admin.cookie, victim.user.id);
      expect({ path: route.path, status: res.status }).toEqual({ path: route.path, status: 200 });
    }
  });

  it('answers 403 INVALID_ORIGIN to a cookie-carrying admin POST from an untrusted origin', async () => {
    const admin = await signInAdmin(gateway);
    const victim = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/admin/ban-user').set('Cookie', admin.cookie).set('Origin', 'https://evil.example').send({ userId: victim.user.id });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'INVALID_ORIGIN' });
  });

  it('allows any role of a comma-separated role string (user,admin)', async () => {
    const admin = await signInAdmin(gateway);
    const other = await signUp(gateway);
    await adminPost(gateway, 'set-role', admin.cookie, { userId: other.user.id, role: ['user', 'admin'] }).expect(200);
    const res = await adminGet(gateway, 'list-users', other.cookie).expect(200);
    expect(res.body.total).toBeGreaterThan(0);
  });

  it('answers 400 VALIDATION_ERROR to a bad body before checking permissions', async () => {
    const admin = await signInAdmin(gateway);
    const res = await adminPost(gateway, 'ban-user', admin.cookie, { userId: '', banExpiresIn: -5 }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  });
});

describe('POST /admin/has-permission', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it("checks the caller's roles: a plain user has none, an admin has the spec's statements", async () => {
    const user = await signUp(gateway);
    const admin = await signInAdmin(gateway);
    const ask = { permissions: { user: ['ban', 'list'], session: ['revoke'] } };
    expect((await adminPost(gateway, 'has-permission', user.cookie, ask).expect(200)).body).toEqual({ error: null, success: false });
    expect((await adminPost(gateway, 'has-permission', admin.cookie, ask).expect(200)).body).toEqual({ error: null, success: true });
    // `permission` is the older name of the same field
    expect((await adminPost(gateway, 'has-permission', admin.cookie, { permission: { session: ['delete'] } }).expect(200)).body).toEqual({ error: null, success: true });
    // an action no role grants
    expect((await adminPost(gateway, 'has-permission', admin.cookie, { permissions: { user: ['fly'] } }).expect(200)).body).toEqual({ error: null, success: false });
  });

  it('checks the session, not a role or user id in the body', async () => {
    const user = await signUp(gateway);
    const admin = await signInAdmin(gateway);
    const res = await adminPost(gateway, 'has-permission', user.cookie, { role: 'admin', userId: admin.user.id, permissions: { user: ['ban'] } }).expect(200);
    expect(res.body).toEqual({ error: null, success: false });
  });

  it.each([{}, { permissions: {} }, { permission: {} }])('answers 400 INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED for %j', async (body) => {
    const user = await signUp(gateway);
    const res = await adminPost(gateway, 'has-permission', user.cookie, body).expect(400);
    expect(res.body).toEqual({ code: 'INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED', message: 'invalid permission check. no permission(s) were passed.' });
  });

  it('follows a role change at once', async () => {
    const user = await signUp(gateway);
    await makeAdmin(gateway, user.user.id);
    const res = await adminPost(gateway, 'has-permission', user.cookie, { permissions: { user: ['impersonate'] } }).expect(200);
    expect(res.body.success).toBe(true);
  });
});

describe('AUTH_ADMIN_USER_IDS', () => {
  const LISTED = 'listed-admin-0000-0000-000000000001';
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: { admin: { adminUserIds: [LISTED], allowImpersonatingAdmins: false } } });
  });
  afterAll(() => gateway.close());

  async function signInListed() {
    const now = gateway.clock.now();
    const email = 'listed@example.com';
    const password = 'listed user passphrase';
    const hash = await gateway.container.get(TOKENS.PasswordHasher).hash(password);
    await gateway.container
      .get(TOKENS.UserRepository)
      .create(newUser({ id: LISTED, email, name: 'Listed' }, now), newAccount({ id: uuid(), accountId: LISTED, providerId: CREDENTIAL_PROVIDER, userId: LISTED, password: hash }, now));
    const res = await gateway.http.post('/api/auth/sign-in/email').send({ email, password }).expect(200);
    expect(res.body.user.role).toBe('user');
    return cookiesOf(res);
  }

  it('allows a listed user id everything, whatever its role', async () => {
    const cookie = await signInListed();
    const victim = await signUp(gateway);
    await adminGet(gateway, 'list-users', cookie).expect(200);
    const banned = await adminPost(gateway, 'ban-user', cookie, { userId: victim.user.id }).expect(200);
    expect(banned.body.user).toMatchObject({ banned: true, banReason: 'No reason' });
    expect((await adminPost(gateway, 'has-permission', cookie, { permissions: { user: ['set-password'] } }).expect(200)).body.success).toBe(true);
    // a listed admin counts as an administrator: other admins cannot impersonate it
    const admin = await signInAdmin(gateway);
    const res = await adminPost(gateway, 'impersonate-user', admin.cookie, { userId: LISTED }).expect(403);
    expect(res.body).toEqual({ code: 'YOU_CANNOT_IMPERSONATE_ADMINS', message: 'You cannot impersonate admins' });
  });

  it('is read from the environment, with AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS', () => {
    const config = configFromEnv(parseEnv({ AUTH_SECRET: 's'.repeat(32), AUTH_ADMIN_USER_IDS: ' id-1, id-2 ,', AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS: 'on' }), silentLogger);
    expect(config.features.admin).toEqual({ adminUserIds: ['id-1', 'id-2'], allowImpersonatingAdmins: true });
    expect(configFromEnv(parseEnv({ AUTH_SECRET: 's'.repeat(32) }), silentLogger).features.admin).toEqual({ adminUserIds: [], allowImpersonatingAdmins: false });
    expect(() => parseEnv({ AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS: 'maybe' })).toThrow(EnvError);
    expect(() => parseEnv({ AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS: 'maybe' })).toThrow(/AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS/);
  });
});
