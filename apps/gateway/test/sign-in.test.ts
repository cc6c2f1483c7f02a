import { TOKENS } from '../src/tokens.js';
import { cookiesOf, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

describe('POST /sign-in/email', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('signs in and answers {redirect, token, url, user} with a session cookie', async () => {
    const { body } = await signUp(gateway);
    const res = await gateway.http
      .post('/api/auth/sign-in/email')
      .set('User-Agent', 'tend-test/1.0')
      .send({ email: body.email.toUpperCase(), password: body.password })
      .expect(200);
    expect(res.body).toMatchObject({ redirect: false, url: null, user: { email: body.email } });
    expect(Object.keys(res.body).sort()).toEqual(['redirect', 'token', 'url', 'user']);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const sessions = await gateway.http.get('/api/auth/list-sessions').set('Cookie', cookiesOf(res)).expect(200);
    const current = sessions.body.find((s: { token: string }) => s.token === res.body.token);
    expect(current.userAgent).toBe('tend-test/1.0');
    expect(current.ipAddress).toBeTruthy();
  });

  it('answers redirect true with the callback url', async () => {
    const { body } = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password, callbackURL: '/home' }).expect(200);
    expect(res.body).toMatchObject({ redirect: true, url: '/home' });
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'wrong password!' })],
    ['an unknown email', () => ({ email: 'nobody@example.com', password: 'whatever123' })],
  ])('answers 401 INVALID_EMAIL_OR_PASSWORD for %s', async (_case, make) => {
    const { body } = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/sign-in/email').send(make(body.email)).expect(401);
    expect(res.body).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(setCookies(res)).toEqual([]);
  });

  it('answers 401 for a user without a credential account, like an unknown one', async () => {
    const { user, body } = await signUp(gateway);
    const db = gateway.container.get(TOKENS.Database);
    await db.account.deleteMany({ where: { userId: user.id } });
    const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(401);
    expect(res.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('makes a one-day browser-session cookie for rememberMe=false, never extended', async () => {
    const { body } = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password, rememberMe: false }).expect(200);
    const cookie = setCookies(res).find((c) => c.startsWith('tend.session_token='))!;
    expect(cookie).not.toMatch(/Max-Age/);
    expect(setCookies(res).some((c) => c.startsWith('tend.dont_remember='))).toBe(true);
    const session = await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(res)).expect(200);
    const lifetime = new Date(session.body.session.expiresAt).getTime() - new Date(session.body.session.createdAt).getTime();
    expect(lifetime).toBe(86_400_000);
    gateway.clock.advance(23 * 3_600_000);
    const later = await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(res)).expect(200);
    expect(later.body.session.expiresAt).toBe(session.body.session.expiresAt);
    gateway.clock.advance(2 * 3_600_000);
    const gone = await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(res)).expect(200);
    expect(gone.body).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR for a body that is not an object of strings', async () => {
    const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: 42, password: ['x'] }).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'password']);
  });

  it('answers 403 BANNED_USER for a banned user, and lets the user in once the ban has expired', async () => {
    const { user, body } = await signUp(gateway);
    const db = gateway.container.get(TOKENS.Database);
    await db.user.update({ where: { id: user.id }, data: { banned: true, banReason: 'spam', banExpires: new Date(gateway.clock.now().getTime() + 60_000) } });
    const refused = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(403);
    expect(refused.body.code).toBe('BANNED_USER');
    gateway.clock.advance(61_000);
    await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });
});

describe('POST /sign-out', () => {
  it('deletes the session and clears the cookies', async () => {
    const gateway = await startGateway();
    try {
      const { cookie } = await signUp(gateway);
      const res = await gateway.http.post('/api/auth/sign-out').set('Cookie', cookie).set('Origin', 'http://localhost:3000').expect(200);
      expect(res.body).toEqual({ success: true });
      expect(setCookies(res).find((c) => c.startsWith('tend.session_token='))).toMatch(/Max-Age=0/);
      const after = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
      expect(after.body).toBeNull();
    } finally {
      await gateway.close();
    }
  });
});
