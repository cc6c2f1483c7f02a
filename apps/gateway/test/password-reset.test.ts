import { TOKENS } from '../src/tokens.js';
import { credentials, linkOf, type MailTestGateway, ORIGIN, paramOf, purposeOf, signUp, startGateway } from './harness/index.js';

const HOUR = 3_600_000;
const ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

describe('password reset through Resend', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  const db = () => gateway.container.get(TOKENS.Database);
  const requestReset = (email: string, redirectTo?: string, path = '/request-password-reset') =>
    gateway.http.post(`/api/auth${path}`).send({ email, ...(redirectTo ? { redirectTo } : {}) }).expect(200);
  /** Requests a reset and answers the token of the mailed link. */
  const resetToken = async (email: string) => {
    await requestReset(email, '/reset');
    return tokenOfLink(await gateway.linkTo(email, 'password-reset'));
  };
  const reset = (body: Record<string, unknown>) => gateway.http.post('/api/auth/reset-password').send(body);
  const signIn = (email: string, password: string) => gateway.http.post('/api/auth/sign-in/email').send({ email, password });

  it('mails a link that leads to the app with the token; the reset changes the password and ends every session', async () => {
    const { body, cookie, user } = await signUp(gateway);
    expect((await requestReset(body.email, '/reset')).body).toEqual(ANSWER);
    const [mail] = await gateway.mailsTo(body.email, 'password-reset');
    expect(mail!.subject).toBe('Reset your Tend password');
    expect(purposeOf(mail!)).toBe('password-reset');
    const link = linkOf(mail!);
    const token = tokenOfLink(link);
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(link).toBe(`${ORIGIN}/api/auth/reset-password/${token}?callbackURL=%2Freset`);

    const record = await db().verification.findFirst({ where: { identifier: `reset-password:${token}` } });
    expect(record).toMatchObject({ value: user.id });
    expect(record!.expiresAt.getTime()).toBe(gateway.clock.now().getTime() + HOUR);

    const landing = await gateway.http.get(new URL(link).pathname + new URL(link).search).expect(302);
    expect(landing.headers.location).toBe(`/reset?token=${token}`);
    expect((await reset({ newPassword: 'a brand new password', token }).expect(200)).body).toEqual({ status: true });

    await signIn(body.email, body.password).expect(401);
    await signIn(body.email, 'a brand new password').expect(200);
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body).toBeNull();
    expect(await db().verification.count({ where: { identifier: `reset-password:${token}` } })).toBe(0);
    expect(gateway.logger.dump()).not.toContain(token);
  });

  it('answers /forget-password the same way', async () => {
    const { body } = await signUp(gateway);
    expect((await requestReset(body.email, undefined, '/forget-password')).body).toEqual(ANSWER);
    const link = await gateway.linkTo(body.email, 'password-reset');
    expect(paramOf(link, 'callbackURL')).toBeNull();
    // Without a callbackURL the link answers the token as JSON.
    expect((await gateway.http.get(link).expect(200)).body).toEqual({ token: tokenOfLink(link) });
  });

  it('answers an unknown address exactly like a known one, with no mail and no token stored', async () => {
    const email = credentials().email;
    const before = await db().verification.count();
    expect((await requestReset(email, '/reset')).body).toEqual(ANSWER);
    expect(await gateway.mailsTo(email)).toHaveLength(0);
    expect(await db().verification.count()).toBe(before);
  });

  it('refuses a used token: 400 INVALID_TOKEN, and the link redirects with error=INVALID_TOKEN', async () => {
    const { body } = await signUp(gateway);
    const token = await resetToken(body.email);
    await reset({ newPassword: 'first new password', token }).expect(200);
    expect((await reset({ newPassword: 'second new password', token }).expect(400)).body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    const link = await gateway.http.get(`/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/reset?step=2')}`).expect(302);
    expect(link.headers.location).toBe('/reset?step=2&error=INVALID_TOKEN');
    expect((await gateway.http.get(`/api/auth/reset-password/${token}`).expect(400)).body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a token after one hour and deletes it', async () => {
    const { body } = await signUp(gateway);
    const token = await resetToken(body.email);
    gateway.clock.advance(HOUR);
    expect((await gateway.http.get(`/api/auth/reset-password/${token}?callbackURL=/reset`).expect(302)).headers.location).toBe('/reset?error=INVALID_TOKEN');
    expect(await db().verification.count({ where: { identifier: `reset-password:${token}` } })).toBe(0);
    await reset({ newPassword: 'too late password', token }).expect(400);
    await signIn(body.email, body.password).expect(200);
  });

  it.each([
    ['a tampered token', (token: string) => `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`],
    ['a token of the wrong shape', (token: string) => `${token}x`],
    ['no token', () => undefined],
  ])('answers 400 INVALID_TOKEN for %s', async (_name, change) => {
    const { body } = await signUp(gateway);
    const token = change(await resetToken(body.email));
    expect((await reset({ newPassword: 'some new password', token }).expect(400)).body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('takes the token from the query too', async () => {
    const { body } = await signUp(gateway);
    const token = await resetToken(body.email);
    await gateway.http.post(`/api/auth/reset-password?token=${token}`).send({ newPassword: 'query new password' }).expect(200);
    await signIn(body.email, 'query new password').expect(200);
  });

  it.each([
    ['short', 'x'.repeat(7), 'PASSWORD_TOO_SHORT', 'Password too short'],
    ['long', 'x'.repeat(129), 'PASSWORD_TOO_LONG', 'Password too long'],
  ])('answers 400 for a password too %s and keeps the token usable', async (_kind, newPassword, code, message) => {
    const { body } = await signUp(gateway);
    const token = await resetToken(body.email);
    expect((await reset({ newPassword, token }).expect(400)).body).toEqual({ code, message });
    await reset({ newPassword: 'a good new password', token }).expect(200);
  });

  it('lets exactly one of two parallel resets with one token succeed', async () => {
    const { body } = await signUp(gateway);
    const token = await resetToken(body.email);
    const results = await Promise.all([reset({ newPassword: 'parallel password one', token }), reset({ newPassword: 'parallel password two', token })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200) === results[0] ? 'parallel password one' : 'parallel password two';
    await signIn(body.email, winner).expect(200);
  });

  it('creates a credential account when the user has none', async () => {
    const { body, user } = await signUp(gateway);
    await db().account.deleteMany({ where: { userId: user.id } });
    const token = await resetToken(body.email);
    await reset({ newPassword: 'first real password', token }).expect(200);
    expect(await db().account.findFirst({ where: { userId: user.id, providerId: 'credential' } })).toMatchObject({ accountId: user.id });
    await signIn(body.email, 'first real password').expect(200);
  });

  it('answers 403 Invalid redirectTo for an untrusted redirect, and 403 for an untrusted link callbackURL', async () => {
    const res = await gateway.http.post('/api/auth/request-password-reset').send({ email: 'a@example.com', redirectTo: 'https://evil.example/reset' }).expect(403);
    expect(res.body).toEqual({ code: 'INVALID_REDIRECTTO', message: 'Invalid redirectTo' });
    await gateway.http.get(`/api/auth/reset-password/${'a'.repeat(24)}?callbackURL=https://evil.example`).expect(403);
  });

  it('logs a failed mail with its purpose only, drops its token, and a new request works', async () => {
    const { body } = await signUp(gateway);
    // The sign-up's own verification mail must be out before the next mail is made to fail.
    await gateway.settled();
    const before = await db().verification.count();
    gateway.resend.failNext(503, 'Service unavailable');
    expect((await requestReset(body.email, '/reset')).body).toEqual(ANSWER);
    await gateway.settled();
    expect(await gateway.mailsTo(body.email, 'password-reset')).toHaveLength(0);
    expect(await db().verification.count()).toBe(before);
    expect(gateway.logger.entries).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ purpose: 'password-reset' }) }));
    // The request log names the route with its token masked (`/reset-password/:redacted`), never a link or token.
    expect(gateway.logger.dump()).not.toMatch(/reset-password\/(?!:redacted\b)|reset-password:/);

    const token = await resetToken(body.email);
    await reset({ newPassword: 'after the outage', token }).expect(200);
  });
});

function tokenOfLink(link: string): string {
  return new URL(link, ORIGIN).pathname.split('/').at(-1)!;
}
