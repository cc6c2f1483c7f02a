import { TOKENS } from '../src/tokens.js';
import { adminPost, getSession, signInAdmin, signUp, startGateway, type TestGateway } from './harness/index.js';

const BANNED = {
  code: 'BANNED_USER',
  message: 'You have been banned from this application. Please contact support if you believe this is an error.',
};

describe('POST /admin/ban-user and /admin/unban-user', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  const signInEmail = (email: string, password: string) => gateway.http.post('/api/auth/sign-in/email').send({ email, password });
  const signInUsername = (username: string, password: string) => gateway.http.post('/api/auth/sign-in/username').send({ username, password });

  it('bans with the reason and expiry given, and ends every session of the user at once', async () => {
    const target = await signUp(gateway);
    const second = await signInEmail(target.body.email, target.body.password).expect(200);
    const res = await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id, banReason: 'Spam', banExpiresIn: 3600 }).expect(200);
    expect(res.body.user).toMatchObject({ id: target.user.id, banned: true, banReason: 'Spam', banExpires: new Date(gateway.clock.now().getTime() + 3_600_000).toISOString() });
    // both the cookie and the bearer token stop working on the very next request
    expect((await getSession(gateway, target.cookie)).body).toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${second.body.token}`).expect(200)).body).toBeNull();
    const listed = await gateway.http.get('/api/auth/list-sessions').set('Cookie', target.cookie).expect(401);
    expect(listed.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(await gateway.container.get(TOKENS.Database).session.count({ where: { userId: target.user.id } })).toBe(0);
  });

  it("stores 'No reason' and no expiry by default", async () => {
    const target = await signUp(gateway);
    const res = await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id }).expect(200);
    expect(res.body.user).toMatchObject({ banned: true, banReason: 'No reason', banExpires: null });
  });

  it('refuses sign-in with 403 BANNED_USER and the configured text, by email and by username', async () => {
    const target = await signUp(gateway, { username: 'banned_one' });
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id }).expect(200);
    const byEmail = await signInEmail(target.body.email, target.body.password).expect(403);
    expect(byEmail.body).toEqual(BANNED);
    const byUsername = await signInUsername('banned_one', target.body.password).expect(403);
    expect(byUsername.body).toEqual(BANNED);
  });

  it('clears an expired ban at the next sign-in', async () => {
    const target = await signUp(gateway, { username: 'briefly_banned' });
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id, banExpiresIn: 60 }).expect(200);
    await signInUsername('briefly_banned', target.body.password).expect(403);
    gateway.clock.advance(59_000);
    expect((await signInEmail(target.body.email, target.body.password).expect(403)).body).toEqual(BANNED);
    gateway.clock.advance(1_000);
    const res = await signInUsername('briefly_banned', target.body.password).expect(200);
    const session = await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(session.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it('answers 400 YOU_CANNOT_BAN_YOURSELF, and the admin stays signed in', async () => {
    const res = await adminPost(gateway, 'ban-user', admin.cookie, { userId: admin.user.id }).expect(400);
    expect(res.body).toEqual({ code: 'YOU_CANNOT_BAN_YOURSELF', message: 'You cannot ban yourself' });
    expect((await getSession(gateway, admin.cookie)).body.user).toMatchObject({ id: admin.user.id, banned: false });
  });

  it('answers 404 USER_NOT_FOUND for an unknown user, on ban and unban', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['ban-user', 'unban-user']) {
      const res = await adminPost(gateway, path, admin.cookie, { userId: unknown }).expect(404);
      expect(res.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    }
  });

  it('unban clears banned, banReason and banExpires, and the user can sign in again', async () => {
    const target = await signUp(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id, banReason: 'Abuse', banExpiresIn: 86_400 }).expect(200);
    const res = await adminPost(gateway, 'unban-user', admin.cookie, { userId: target.user.id }).expect(200);
    expect(res.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    await signInEmail(target.body.email, target.body.password).expect(200);
  });

  it('refuses to impersonate a banned user with 403 BANNED_USER', async () => {
    const target = await signUp(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id }).expect(200);
    const res = await adminPost(gateway, 'impersonate-user', admin.cookie, { userId: target.user.id }).expect(403);
    expect(res.body).toEqual(BANNED);
  });
});
