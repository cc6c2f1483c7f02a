import { TOKENS } from '../src/tokens.js';
import { cookiesOf, ORIGIN, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

const DAY = 86_400_000;

describe('session routes', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const post = (path: string, cookie: string) => gateway.http.post(`/api/auth${path}`).set('Cookie', cookie).set('Origin', ORIGIN);

  it('GET /get-session answers null without a session', async () => {
    const res = await gateway.http.get('/api/auth/get-session').expect(200);
    expect(res.body).toBeNull();
  });

  it('GET /get-session answers the session and user for the cookie, or a bearer token', async () => {
    const { cookie, token, user } = await signUp(gateway);
    const byCookie = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
    expect(byCookie.body.session).toMatchObject({ token, userId: user.id });
    expect(byCookie.body.user.id).toBe(user.id);
    const byBearer = await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${token}`).expect(200);
    expect(byBearer.body.session.token).toBe(token);
  });

  it('GET /get-session ignores a tampered cookie and an unsigned token in the cookie', async () => {
    const { cookie, token } = await signUp(gateway);
    const tampered = cookie.replace(/tend\.session_token=([^.;]+)/, (_m, t: string) => `tend.session_token=${t.slice(0, -1)}${t.endsWith('a') ? 'b' : 'a'}`);
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', tampered).expect(200)).body).toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', `tend.session_token=${token}`).expect(200)).body).toBeNull();
  });

  it('extends a session used after the update age, and not with disableRefresh', async () => {
    const { cookie } = await signUp(gateway);
    const first = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
    gateway.clock.advance(DAY + 1000);
    const kept = await gateway.http.get('/api/auth/get-session?disableRefresh=true').set('Cookie', cookie).expect(200);
    expect(kept.body.session.expiresAt).toBe(first.body.session.expiresAt);
    const refreshed = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
    expect(new Date(refreshed.body.session.expiresAt).getTime()).toBe(gateway.clock.now().getTime() + 7 * DAY);
    expect(setCookies(refreshed).find((c) => c.startsWith('tend.session_token='))).toMatch(/Max-Age=604800/);
  });

  it('never extends a session signed in without rememberMe, whether a cookie or a bearer token presents it', async () => {
    const { body } = await signUp(gateway);
    const signIn = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password, rememberMe: false }).expect(200);
    const token = signIn.body.token as string;
    const expiresAt = async (res: { body: { session: { expiresAt: string } } }) => new Date(res.body.session.expiresAt).getTime();
    const first = await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${token}`).expect(200);
    expect((await expiresAt(first)) - gateway.clock.now().getTime()).toBe(DAY);
    gateway.clock.advance(DAY / 2);
    for (const res of [
      await gateway.http.get('/api/auth/get-session?disableCookieCache=true').set('Authorization', `Bearer ${token}`).expect(200),
      await gateway.http.get('/api/auth/get-session?disableCookieCache=true').set('Cookie', cookiesOf(signIn)).expect(200),
    ]) {
      expect(await expiresAt(res)).toBe(await expiresAt(first));
    }
    gateway.clock.advance(DAY / 2);
    expect((await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${token}`).expect(200)).body).toBeNull();
  });

  it('answers null for an expired session and removes it', async () => {
    const { cookie, token } = await signUp(gateway);
    gateway.clock.advance(7 * DAY + 1000);
    const res = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
    expect(res.body).toBeNull();
    expect(setCookies(res).find((c) => c.startsWith('tend.session_token='))).toMatch(/Max-Age=0/);
    const db = gateway.container.get(TOKENS.Database);
    expect(await db.session.findUnique({ where: { token } })).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR "Invalid query parameters" for a bad flag', async () => {
    const res = await gateway.http.get('/api/auth/get-session?disableRefresh=maybe').expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
  });

  it('GET /list-sessions answers 401 without a session', async () => {
    const res = await gateway.http.get('/api/auth/list-sessions').expect(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('lists the live sessions of the user only, without expired or impersonation sessions', async () => {
    const { body, cookie, user } = await signUp(gateway);
    const second = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password, rememberMe: false });
    await signUp(gateway); // another user's session must not show
    const db = gateway.container.get(TOKENS.Database);
    const now = gateway.clock.now();
    await db.session.create({ data: { id: crypto.randomUUID(), token: 'i'.repeat(32), userId: user.id, impersonatedBy: 'admin', expiresAt: new Date(now.getTime() + DAY), createdAt: now, updatedAt: now } });
    await db.session.create({ data: { id: crypto.randomUUID(), token: 'e'.repeat(32), userId: user.id, expiresAt: new Date(now.getTime() - 1), createdAt: now, updatedAt: now } });
    const res = await gateway.http.get('/api/auth/list-sessions').set('Cookie', cookie).expect(200);
    expect(res.body.map((s: { userId: string }) => s.userId)).toEqual([user.id, user.id]);
    expect(res.body.map((s: { token: string }) => s.token)).toContain(second.body.token);
  });

  it('POST /revoke-session revokes one of the caller\'s sessions and refuses another user\'s', async () => {
    const mine = await signUp(gateway);
    const other = await signUp(gateway);
    const second = await gateway.http.post('/api/auth/sign-in/email').send({ email: mine.body.email, password: mine.body.password });
    const refused = await post('/revoke-session', mine.cookie).send({ token: other.token }).expect(400);
    expect(refused.body).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', other.cookie)).body).not.toBeNull();
    await post('/revoke-session', mine.cookie).send({ token: second.body.token }).expect(200, { status: true });
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(second))).body).toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', mine.cookie)).body).not.toBeNull();
  });

  it('POST /revoke-other-sessions keeps the current session only', async () => {
    const mine = await signUp(gateway);
    const second = await gateway.http.post('/api/auth/sign-in/email').send({ email: mine.body.email, password: mine.body.password });
    await post('/revoke-other-sessions', mine.cookie).send({}).expect(200, { status: true });
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(second))).body).toBeNull();
    const list = await gateway.http.get('/api/auth/list-sessions').set('Cookie', mine.cookie).expect(200);
    expect(list.body.map((s: { token: string }) => s.token)).toEqual([mine.token]);
  });

  it('POST /revoke-sessions revokes every session including the current one', async () => {
    const mine = await signUp(gateway);
    const second = await gateway.http.post('/api/auth/sign-in/email').send({ email: mine.body.email, password: mine.body.password });
    const res = await post('/revoke-sessions', mine.cookie).send({}).expect(200, { status: true });
    expect(setCookies(res).find((c) => c.startsWith('tend.session_token='))).toMatch(/Max-Age=0/);
    for (const cookie of [mine.cookie, cookiesOf(second)]) {
      expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie)).body).toBeNull();
    }
  });
});

describe('cookie cache', () => {
  it('answers from the signed cookie for 300 s, and from the database with disableCookieCache', async () => {
    const gateway = await startGateway({ cookieCache: { enabled: true, maxAge: 300 } });
    try {
      const { cookie, token } = await signUp(gateway);
      expect(cookie).toMatch(/tend\.session_data=/);
      const db = gateway.container.get(TOKENS.Database);
      await db.session.delete({ where: { token } });
      const cached = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
      expect(cached.body.session.token).toBe(token);
      const fresh = await gateway.http.get('/api/auth/get-session?disableCookieCache=true').set('Cookie', cookie).expect(200);
      expect(fresh.body).toBeNull();
      gateway.clock.advance(301_000);
      expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body).toBeNull();
    } finally {
      await gateway.close();
    }
  });

  it('does not cache a session whose cookie would exceed 4093 characters, and still signs in', async () => {
    const gateway = await startGateway({ cookieCache: { enabled: true, maxAge: 300 } });
    try {
      const res = await gateway.http
        .post('/api/auth/sign-up/email')
        .send({ name: 'Long Bio', email: 'long@example.com', password: 'long bio password', bio: 'x'.repeat(2000), location: 'y'.repeat(200), gender: 'z'.repeat(100) })
        .expect(200);
      const big = await gateway.http.post('/api/auth/update-user').set('Cookie', cookiesOf(res)).set('Origin', ORIGIN).send({ bio: 'é'.repeat(2000) });
      expect(big.status).toBe(200);
      // No cache is written; the one the browser holds from before is cleared, never left stale.
      expect(setCookies(big).filter((c) => c.startsWith('tend.session_data='))).toEqual([expect.stringMatching(/^tend\.session_data=;.*Max-Age=0/)]);

      // A user whose cached copy was small: after a change too large to cache, the session answers the change.
      const small = await gateway.http.post('/api/auth/sign-up/email').send({ name: 'Tiny', email: 'tiny@example.com', password: 'tiny bio password' }).expect(200);
      expect(cookiesOf(small)).toMatch(/tend\.session_data=[^;]/);
      const grown = await gateway.http.post('/api/auth/update-user').set('Cookie', cookiesOf(small)).set('Origin', ORIGIN).send({ name: 'Grown', bio: 'é'.repeat(2000) }).expect(200);
      const jar = new Map<string, string>();
      for (const line of [...setCookies(small), ...setCookies(grown)]) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        if (pair!.slice(at + 1) === '') jar.delete(pair!.slice(0, at));
        else jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const browser = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      expect((await gateway.http.get('/api/auth/get-session').set('Cookie', browser).expect(200)).body.user.name).toBe('Grown');
    } finally {
      await gateway.close();
    }
  });
});
