import { TOKENS } from '../src/tokens.js';
import { cookiesOf, ORIGIN, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

describe('POST /change-password', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const change = (cookie: string, body: Record<string, unknown>) =>
    gateway.http.post('/api/auth/change-password').set('Cookie', cookie).set('Origin', ORIGIN).send(body);
  const signIn = (email: string, password: string) => gateway.http.post('/api/auth/sign-in/email').send({ email, password });
  const sessionOf = (cookie: string) => gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);

  it('changes the password and keeps the sessions: {token: null, user}', async () => {
    const { body, cookie, user } = await signUp(gateway);
    const other = cookiesOf(await signIn(body.email, body.password).expect(200));
    const res = await change(cookie, { currentPassword: body.password, newPassword: 'my next password' }).expect(200);
    expect(res.body).toMatchObject({ token: null, user: { id: user.id, email: body.email } });
    expect(res.body.user).not.toHaveProperty('stripeCustomerId');
    expect(setCookies(res).some((c) => c.startsWith('tend.session_token='))).toBe(false);
    await signIn(body.email, body.password).expect(401);
    await signIn(body.email, 'my next password').expect(200);
    expect((await sessionOf(other)).body).not.toBeNull();
  });

  it('with revokeOtherSessions: a new session and cookie replace every old session', async () => {
    const { body, cookie } = await signUp(gateway);
    const other = cookiesOf(await signIn(body.email, body.password).expect(200));
    const res = await change(cookie, { currentPassword: body.password, newPassword: 'my next password', revokeOtherSessions: true }).expect(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const fresh = cookiesOf(res);
    expect((await sessionOf(fresh)).body.session.token).toBe(res.body.token);
    expect((await sessionOf(cookie)).body).toBeNull();
    expect((await sessionOf(other)).body).toBeNull();
  });

  it('answers 400 INVALID_PASSWORD for a wrong current password', async () => {
    const { cookie } = await signUp(gateway);
    const res = await change(cookie, { currentPassword: 'not my password', newPassword: 'my next password' }).expect(400);
    expect(res.body).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
  });

  it.each([
    ['short', 'x'.repeat(7), 'PASSWORD_TOO_SHORT', 'Password too short'],
    ['long', 'x'.repeat(129), 'PASSWORD_TOO_LONG', 'Password too long'],
  ])('answers 400 for a new password too %s', async (_kind, newPassword, code, message) => {
    const { body, cookie } = await signUp(gateway);
    expect((await change(cookie, { currentPassword: body.password, newPassword }).expect(400)).body).toEqual({ code, message });
  });

  it('answers 400 Credential account not found for a user without a password', async () => {
    const { cookie, user } = await signUp(gateway);
    await gateway.container.get(TOKENS.Database).account.deleteMany({ where: { userId: user.id } });
    const res = await change(cookie, { currentPassword: 'anything at all', newPassword: 'my next password' }).expect(400);
    expect(res.body).toEqual({ code: 'CREDENTIAL_ACCOUNT_NOT_FOUND', message: 'Credential account not found' });
  });

  it('answers 401 without a session and 400 VALIDATION_ERROR without the passwords', async () => {
    await gateway.http.post('/api/auth/change-password').send({ currentPassword: 'a', newPassword: 'b' }).expect(401);
    const { cookie } = await signUp(gateway);
    expect((await change(cookie, {}).expect(400)).body.code).toBe('VALIDATION_ERROR');
  });
});

describe('setPassword (server only)', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('is not reachable over HTTP', async () => {
    const { cookie } = await signUp(gateway);
    const res = await gateway.http.post('/api/auth/set-password').set('Cookie', cookie).set('Origin', ORIGIN).send({ newPassword: 'a new password' }).expect(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
  });

  it("refuses a user who has a password with 400 'user already has a password'", async () => {
    const { user } = await signUp(gateway);
    await expect(gateway.container.get(TOKENS.SetPassword).execute({ userId: user.id, newPassword: 'a new password' })).rejects.toMatchObject({
      status: 400,
      code: 'USER_ALREADY_HAS_A_PASSWORD',
      message: 'user already has a password',
    });
  });

  it('gives a user without a password a credential account they can sign in with', async () => {
    const { body, user } = await signUp(gateway);
    await gateway.container.get(TOKENS.Database).account.deleteMany({ where: { userId: user.id } });
    await gateway.container.get(TOKENS.SetPassword).execute({ userId: user.id, newPassword: 'a server password' });
    await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: 'a server password' }).expect(200);
  });
});
