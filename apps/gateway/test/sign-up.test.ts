import { TOKENS } from '../src/tokens.js';
import { cookiesOf, credentials, ORIGIN, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

describe('POST /sign-up/email', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('creates the user, signs it in and sets an HttpOnly session cookie', async () => {
    const body = credentials({ email: 'Grace.Hopper@Example.COM' });
    const res = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.user).toMatchObject({ email: 'grace.hopper@example.com', name: body.name, emailVerified: false, role: 'user' });
    expect(res.body.user.id).toHaveLength(36);
    expect(res.body.user).not.toHaveProperty('stripeCustomerId');
    const cookie = setCookies(res).find((c) => c.startsWith('tend.session_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
    const session = await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(res)).expect(200);
    expect(session.body.user.email).toBe('grace.hopper@example.com');
  });

  it('answers 422 USER_ALREADY_EXISTS when the email is taken, whatever its case', async () => {
    const { body } = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/sign-up/email').send({ ...body, email: body.email.toUpperCase() }).expect(422);
    expect(res.body).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
  });

  it('answers 400 INVALID_EMAIL for an invalid address', async () => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ email: 'not-an-email' })).expect(400);
    expect(res.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
  });

  it.each([
    ['short', 'x'.repeat(7), 'PASSWORD_TOO_SHORT', 'Password too short'],
    ['long', 'x'.repeat(129), 'PASSWORD_TOO_LONG', 'Password too long'],
  ])('answers 400 when the password is too %s', async (_kind, password, code, message) => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ password })).expect(400);
    expect(res.body).toEqual({ code, message });
  });

  it('answers 400 VALIDATION_ERROR listing the missing fields', async () => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send({ email: 'x@example.com' }).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.message).toBe('Invalid body parameters');
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['name', 'password']);
  });

  it('stores custom fields and ignores admin and other non-input fields', async () => {
    const { user } = await signUp(gateway, { bio: 'Breathing daily', age: 31, role: 'admin', banned: true, tokenBalance: 1000, emailVerified: true });
    expect(user).toMatchObject({ bio: 'Breathing daily', age: 31, role: 'user', banned: false, tokenBalance: 0, emailVerified: false });
  });

  it('answers 400 VALIDATION_ERROR for a custom field of the wrong type', async () => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ age: 'old' })).expect(400);
    expect(res.body.issues[0].path).toBe('age');
  });

  it('ends parallel sign-ups with one email with exactly one user and 422 for the rest', async () => {
    const body = credentials();
    const results = await Promise.all(Array.from({ length: 6 }, () => gateway.http.post('/api/auth/sign-up/email').send(body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    const db = gateway.container.get(TOKENS.Database);
    expect(await db.user.count({ where: { email: body.email } })).toBe(1);
  });

  it('answers 403 Invalid callbackURL for a callback on an untrusted origin', async () => {
    const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials({ callbackURL: 'https://evil.example/' })).expect(403);
    expect(res.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
    await gateway.http.post('/api/auth/sign-up/email').send(credentials({ callbackURL: `${ORIGIN}/welcome` })).expect(200);
    await gateway.http.post('/api/auth/sign-up/email').send(credentials({ callbackURL: '/welcome' })).expect(200);
  });
});

describe('required custom user fields', () => {
  it('answers 400 "{field} is required" when a required field is missing on create', async () => {
    const { userFields } = await import('@tend/identity');
    const gateway = await startGateway({ userFields: userFields({ bio: { required: true } }) });
    try {
      const res = await gateway.http.post('/api/auth/sign-up/email').send(credentials()).expect(400);
      expect(res.body).toEqual({ code: 'BIO_IS_REQUIRED', message: 'bio is required' });
      await gateway.http.post('/api/auth/sign-up/email').send(credentials({ bio: 'here' })).expect(200);
    } finally {
      await gateway.close();
    }
  });
});
