import { TOKENS } from '../src/tokens.js';
import { adminGet, adminPost, CookieJar, getSession, makeAdmin, ORIGIN, setCookieNamed, signInAdmin, signUp, startGateway, type TestGateway } from './harness/index.js';

const HOUR = 3_600_000;

describe('admin session control', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  const signIn = (email: string, password: string) => gateway.http.post('/api/auth/sign-in/email').send({ email, password }).expect(200);

  it("POST /admin/list-user-sessions lists the user's live sessions, impersonation sessions included", async () => {
    const target = await signUp(gateway);
    const second = await signIn(target.body.email, target.body.password);
    const impersonation = await adminPost(gateway, 'impersonate-user', admin.cookie, { userId: target.user.id }).expect(200);
    const res = await adminPost(gateway, 'list-user-sessions', admin.cookie, { userId: target.user.id }).expect(200);
    expect(res.body.sessions.map((s: { token: string }) => s.token).sort()).toEqual([target.token, second.body.token, impersonation.body.session.token].sort());
    // the user's own list hides the impersonation session
    const own = await gateway.http.get('/api/auth/list-sessions').set('Cookie', target.cookie).expect(200);
    expect(own.body.map((s: { token: string }) => s.token).sort()).toEqual([target.token, second.body.token].sort());
  });

  it('POST /admin/list-user-sessions answers an empty list for an unknown user', async () => {
    const res = await adminPost(gateway, 'list-user-sessions', admin.cookie, { userId: 'nobody' }).expect(200);
    expect(res.body).toEqual({ sessions: [] });
  });

  it('POST /admin/revoke-user-session ends one session by its token; an unknown token is not an error', async () => {
    const target = await signUp(gateway);
    const second = await signIn(target.body.email, target.body.password);
    expect((await adminPost(gateway, 'revoke-user-session', admin.cookie, { sessionToken: target.token }).expect(200)).body).toEqual({ success: true });
    expect((await getSession(gateway, target.cookie)).body).toBeNull();
    const kept = await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${second.body.token}`).expect(200);
    expect(kept.body.user.id).toBe(target.user.id);
    expect((await adminPost(gateway, 'revoke-user-session', admin.cookie, { sessionToken: 'z'.repeat(32) }).expect(200)).body).toEqual({ success: true });
  });

  it('POST /admin/revoke-user-sessions ends every session of the user', async () => {
    const target = await signUp(gateway);
    const second = await signIn(target.body.email, target.body.password);
    expect((await adminPost(gateway, 'revoke-user-sessions', admin.cookie, { userId: target.user.id }).expect(200)).body).toEqual({ success: true });
    expect((await getSession(gateway, target.cookie)).body).toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${second.body.token}`).expect(200)).body).toBeNull();
    expect((await adminPost(gateway, 'list-user-sessions', admin.cookie, { userId: target.user.id }).expect(200)).body).toEqual({ sessions: [] });
  });
});

describe('impersonation', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const post = (path: string, jar: CookieJar, body: object = {}) => adminPost(gateway, path, jar.header, body);

  it('impersonates through cookies, acts as the target, and stops back into the admin session', async () => {
    const admin = await signInAdmin(gateway);
    const target = await signUp(gateway);
    const jar = new CookieJar(admin.cookie);

    // start: the target's session becomes the session cookie; the admin's waits in its own cookie
    const started = await post('impersonate-user', jar, { userId: target.user.id }).expect(200);
    expect(started.body.user).toMatchObject({ id: target.user.id, email: target.body.email });
    expect(started.body.session).toMatchObject({ userId: target.user.id, impersonatedBy: admin.user.id });
    expect(new Date(started.body.session.expiresAt).getTime()).toBe(gateway.clock.now().getTime() + HOUR);
    const adminCookie = setCookieNamed(started, 'tend.admin_session');
    expect(adminCookie).toMatch(/; HttpOnly/i);
    expect(adminCookie).toMatch(/; SameSite=Lax/i);
    expect(adminCookie).toMatch(/; Path=\//);
    expect(setCookieNamed(started, 'tend.session_token')).toMatch(/Max-Age=3600/);
    jar.store(started);
    expect(jar.has('tend.admin_session')).toBe(true);

    // get-session shows the target, with impersonatedBy
    const during = await getSession(gateway, jar.header);
    expect(during.body.user.id).toBe(target.user.id);
    expect(during.body.session).toMatchObject({ token: started.body.session.token, impersonatedBy: admin.user.id });

    // admin routes act as the target: a plain user is refused
    const refused = await adminGet(gateway, 'list-users', jar.header).expect(403);
    expect(refused.body).toEqual({ code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', message: 'You are not allowed to list users' });
    // the target's own list does not show the impersonation session
    const own = await gateway.http.get('/api/auth/list-sessions').set('Cookie', jar.header).expect(200);
    expect(own.body.map((s: { token: string }) => s.token)).toEqual([target.token]);

    // stop: the admin's session comes back, the admin cookie goes, the impersonation session is deleted
    const stopped = await post('stop-impersonating', jar).expect(200);
    expect(stopped.body.user).toMatchObject({ id: admin.user.id, role: 'admin' });
    expect(stopped.body.session).toMatchObject({ token: admin.token, userId: admin.user.id, impersonatedBy: null });
    expect(setCookieNamed(stopped, 'tend.admin_session')).toMatch(/Max-Age=0/);
    jar.store(stopped);
    expect(jar.has('tend.admin_session')).toBe(false);
    const after = await getSession(gateway, jar.header);
    expect(after.body.user.id).toBe(admin.user.id);
    await adminGet(gateway, 'list-users', jar.header).expect(200);
    expect(await gateway.container.get(TOKENS.Database).session.findUnique({ where: { token: started.body.session.token } })).toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${started.body.session.token}`).expect(200)).body).toBeNull();
    // the target's own session was never touched
    expect((await getSession(gateway, target.cookie)).body.user.id).toBe(target.user.id);
  });

  it('restores a not-remembered admin session as a browser-session cookie', async () => {
    const adminUser = await signInAdmin(gateway);
    const short = await gateway.http.post('/api/auth/sign-in/email').send({ email: adminUser.email, password: 'admin password 1', rememberMe: false }).expect(200);
    const jar = new CookieJar().store(short);
    const target = await signUp(gateway);
    const started = await post('impersonate-user', jar, { userId: target.user.id }).expect(200);
    expect(setCookieNamed(started, 'tend.admin_session')).not.toMatch(/Max-Age/);
    jar.store(started);
    const stopped = await post('stop-impersonating', jar).expect(200);
    expect(setCookieNamed(stopped, 'tend.session_token')).not.toMatch(/Max-Age/);
    expect(setCookieNamed(stopped, 'tend.dont_remember')).toMatch(/^tend\.dont_remember=[^;]+/);
    expect(stopped.body.session.token).toBe(short.body.token);
  });

  it('ends after an hour: the impersonation session expires and is never extended', async () => {
    const admin = await signInAdmin(gateway);
    const target = await signUp(gateway);
    const jar = new CookieJar(admin.cookie);
    jar.store(await post('impersonate-user', jar, { userId: target.user.id }).expect(200));
    gateway.clock.advance(HOUR - 1000);
    expect((await getSession(gateway, jar.header)).body.user.id).toBe(target.user.id);
    gateway.clock.advance(1000);
    expect((await getSession(gateway, jar.header)).body).toBeNull();
  });

  it('answers 400 YOU_ARE_NOT_IMPERSONATING_ANYONE to a session that is not an impersonation', async () => {
    const admin = await signInAdmin(gateway);
    const res = await adminPost(gateway, 'stop-impersonating', admin.cookie).expect(400);
    expect(res.body).toEqual({ code: 'YOU_ARE_NOT_IMPERSONATING_ANYONE', message: 'You are not impersonating anyone' });
  });

  it('answers 500 FAILED_TO_FIND_ADMIN_SESSION without the admin cookie, or when the admin session is gone', async () => {
    const admin = await signInAdmin(gateway);
    const target = await signUp(gateway);
    const jar = new CookieJar(admin.cookie);
    const started = await post('impersonate-user', jar, { userId: target.user.id }).expect(200);
    jar.store(started);
    const withoutAdminCookie = await gateway.http
      .post('/api/auth/admin/stop-impersonating')
      .set('Cookie', `tend.session_token=${jar.header.match(/tend\.session_token=([^;]+)/)![1]}`)
      .set('Origin', ORIGIN)
      .expect(500);
    expect(withoutAdminCookie.body).toEqual({ code: 'FAILED_TO_FIND_ADMIN_SESSION', message: 'Failed to find admin session' });
    // an unsigned (forged) admin cookie counts as none
    const forged = await gateway.http
      .post('/api/auth/admin/stop-impersonating')
      .set('Cookie', `tend.session_token=${jar.header.match(/tend\.session_token=([^;]+)/)![1]}; tend.admin_session=${admin.token}:`)
      .set('Origin', ORIGIN)
      .expect(500);
    expect(forged.body).toEqual({ code: 'FAILED_TO_FIND_ADMIN_SESSION', message: 'Failed to find admin session' });
    // the admin signs out elsewhere: the kept token no longer names a live session
    await gateway.container.get(TOKENS.Database).session.delete({ where: { token: admin.token } });
    const gone = await post('stop-impersonating', jar).expect(500);
    expect(gone.body).toEqual({ code: 'FAILED_TO_FIND_ADMIN_SESSION', message: 'Failed to find admin session' });
  });

  it('answers 500 FAILED_TO_FIND_USER when the impersonating admin was removed meanwhile', async () => {
    const first = await signInAdmin(gateway);
    const second = await signInAdmin(gateway);
    const target = await signUp(gateway);
    const jar = new CookieJar(first.cookie);
    jar.store(await post('impersonate-user', jar, { userId: target.user.id }).expect(200));
    await adminPost(gateway, 'remove-user', second.cookie, { userId: first.user.id }).expect(200);
    const res = await post('stop-impersonating', jar).expect(500);
    expect(res.body).toEqual({ code: 'FAILED_TO_FIND_USER', message: 'Failed to find user' });
  });

  it('answers 403 YOU_CANNOT_IMPERSONATE_ADMINS for another admin, and 404 for an unknown user', async () => {
    const admin = await signInAdmin(gateway);
    const other = await signUp(gateway);
    await makeAdmin(gateway, other.user.id);
    const res = await adminPost(gateway, 'impersonate-user', admin.cookie, { userId: other.user.id }).expect(403);
    expect(res.body).toEqual({ code: 'YOU_CANNOT_IMPERSONATE_ADMINS', message: 'You cannot impersonate admins' });
    expect(setCookieNamed(res, 'tend.admin_session')).toBeUndefined();
    const unknown = await adminPost(gateway, 'impersonate-user', admin.cookie, { userId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    expect(unknown.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
  });
});

describe('impersonating admins when AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS is on', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: { admin: { adminUserIds: [], allowImpersonatingAdmins: true } } });
  });
  afterAll(() => gateway.close());

  it('lets an admin act as another admin, with that admin’s permissions', async () => {
    const admin = await signInAdmin(gateway);
    const other = await signInAdmin(gateway);
    const jar = new CookieJar(admin.cookie);
    const started = await adminPost(gateway, 'impersonate-user', jar.header, { userId: other.user.id }).expect(200);
    expect(started.body.session).toMatchObject({ userId: other.user.id, impersonatedBy: admin.user.id });
    jar.store(started);
    await adminGet(gateway, 'list-users', jar.header).expect(200);
    const stopped = await adminPost(gateway, 'stop-impersonating', jar.header).expect(200);
    expect(stopped.body.user.id).toBe(admin.user.id);
  });
});
