import { createHmac } from 'node:crypto';
import { TOKENS } from '../src/tokens.js';
import { cookiesOf, credentials, linkOf, MAIL_FROM, type MailTestGateway, ORIGIN, paramOf, purposeOf, SECRET, setCookies, signUp, startGateway } from './harness/index.js';

const HOUR = 3_600_000;

describe('email verification through Resend', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  /** The token of the newest verification mail to `email`. */
  const tokenFor = async (email: string) => paramOf(await gateway.linkTo(email, 'verification'), 'token')!;
  const verify = (query: string) => gateway.http.get(`/api/auth/verify-email?${query}`);

  it('mails a signed one-hour link on sign-up; following it verifies the email', async () => {
    const { body, user } = await signUp(gateway);
    const [mail] = await gateway.mailsTo(body.email);
    expect(mail).toMatchObject({ from: MAIL_FROM, to: [body.email], subject: 'Confirm your email for Tend', authorization: `Bearer ${gateway.resend.apiKey}` });
    expect(purposeOf(mail!)).toBe('verification');
    expect(mail!.idempotencyKey).toMatch(/^verification\/[0-9a-f-]{36}$/);
    const link = linkOf(mail!);
    expect(link.startsWith(`${ORIGIN}/api/auth/verify-email?token=`)).toBe(true);

    const [header, payload] = paramOf(link, 'token')!.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ email: body.email });
    expect(payload.exp - payload.iat).toBe(3600);

    const res = await verify(`token=${paramOf(link, 'token')}`).expect(200);
    expect(res.body).toMatchObject({ status: true, user: { id: user.id, email: body.email, emailVerified: true } });
    expect(setCookies(res)).toEqual([]); // no auto sign-in by default
    expect(gateway.logger.dump()).not.toContain(paramOf(link, 'token'));
  });

  it('redirects to the callbackURL given at sign-up', async () => {
    const { body } = await signUp(gateway, { callbackURL: '/welcome' });
    const link = await gateway.linkTo(body.email, 'verification');
    expect(paramOf(link, 'callbackURL')).toBe('/welcome');
    const res = await gateway.http.get(link).expect(302);
    expect(res.headers.location).toBe('/welcome');
    const db = gateway.container.get(TOKENS.Database);
    expect((await db.user.findUnique({ where: { email: body.email } }))?.emailVerified).toBe(true);
  });

  it('accepts a used token again for an email already verified', async () => {
    const { body } = await signUp(gateway);
    const token = await tokenFor(body.email);
    await verify(`token=${token}`).expect(200);
    const again = await verify(`token=${token}`).expect(200);
    expect(again.body.user.emailVerified).toBe(true);
  });

  describe('POST /send-verification-email', () => {
    it('answers {status:true} alike for unverified, verified and unknown addresses, and mails only the unverified', async () => {
      const unverified = await signUp(gateway);
      const verified = await signUp(gateway);
      await verify(`token=${await tokenFor(verified.body.email)}`).expect(200);
      const unknown = credentials().email;
      for (const email of [unverified.body.email, verified.body.email, unknown]) {
        const res = await gateway.http.post('/api/auth/send-verification-email').send({ email, callbackURL: '/verified' }).expect(200);
        expect(res.body).toEqual({ status: true });
      }
      expect(await gateway.mailsTo(unverified.body.email, 'verification')).toHaveLength(2);
      expect(await gateway.mailsTo(verified.body.email, 'verification')).toHaveLength(1);
      expect(await gateway.mailsTo(unknown)).toHaveLength(0);
      const res = await gateway.http.get(await gateway.linkTo(unverified.body.email, 'verification')).expect(302);
      expect(res.headers.location).toBe('/verified');
    });

    it('answers 400 INVALID_EMAIL for an invalid address and 403 for an untrusted callbackURL', async () => {
      const bad = await gateway.http.post('/api/auth/send-verification-email').send({ email: 'nope' }).expect(400);
      expect(bad.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
      const evil = await gateway.http.post('/api/auth/send-verification-email').send({ email: 'a@example.com', callbackURL: 'https://evil.example' }).expect(403);
      expect(evil.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
    });
  });

  describe('GET /verify-email errors', () => {
    it('answers token_expired after one hour: a redirect with a callbackURL, else 400 TOKEN_EXPIRED', async () => {
      const { body } = await signUp(gateway);
      const token = await tokenFor(body.email);
      gateway.clock.advance(HOUR);
      const redirect = await verify(`token=${token}&callbackURL=${encodeURIComponent('/done?tab=1')}`).expect(302);
      expect(redirect.headers.location).toBe('/done?tab=1&error=token_expired');
      const json = await verify(`token=${token}`).expect(400);
      expect(json.body).toEqual({ code: 'TOKEN_EXPIRED', message: 'token_expired' });
    });

    it.each([
      ['a tampered payload', (token: string) => tamper(token)],
      ['another secret', async (token: string) => signJwt(`${SECRET}-other`, claimsOf(token))],
      ['another algorithm', async (token: string) => signJwt(SECRET, claimsOf(token), 'HS512')],
      ['garbage', async () => 'not.a.jwt'],
      ['a token without expiry', async (token: string) => signJwt(SECRET, { email: claimsOf(token).email })],
    ])('answers invalid_token for %s', async (_name, make) => {
      const { body } = await signUp(gateway);
      const token = await make(await tokenFor(body.email));
      const redirect = await verify(`token=${encodeURIComponent(token)}&callbackURL=/done`).expect(302);
      expect(redirect.headers.location).toBe('/done?error=invalid_token');
      const json = await verify(`token=${encodeURIComponent(token)}`).expect(400);
      expect(json.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid_token' });
    });

    it('answers user_not_found when the address no longer belongs to anyone', async () => {
      const { body, user } = await signUp(gateway);
      const token = await tokenFor(body.email);
      await gateway.container.get(TOKENS.Database).user.delete({ where: { id: user.id } });
      expect((await verify(`token=${token}&callbackURL=/done`).expect(302)).headers.location).toBe('/done?error=user_not_found');
      expect((await verify(`token=${token}`).expect(400)).body).toEqual({ code: 'USER_NOT_FOUND', message: 'user_not_found' });
    });

    it('answers 400 VALIDATION_ERROR without a token and 403 for an untrusted callbackURL', async () => {
      expect((await verify('').expect(400)).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
      expect((await verify('token=x&callbackURL=https://evil.example').expect(403)).body.code).toBe('INVALID_CALLBACKURL');
    });
  });

  it('logs a failed mail with its purpose and keeps the sign-up; asking again sends it', async () => {
    gateway.resend.failNext(500, { statusCode: 500, name: 'application_error', message: 'down' });
    const { body } = await signUp(gateway);
    await gateway.settled();
    expect(gateway.logger.entries.filter((entry) => entry.level === 'error' && entry.fields?.purpose === 'verification').length).toBeGreaterThan(0);
    expect(await gateway.mailsTo(body.email)).toHaveLength(0);
    await gateway.http.post('/api/auth/send-verification-email').send({ email: body.email }).expect(200);
    expect(await gateway.mailsTo(body.email, 'verification')).toHaveLength(1);
  });
});

describe('verification settings', () => {
  it('signs the user in after verification with autoSignInAfterVerification', async () => {
    const gateway = await startGateway({ emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true } }, { mail: true });
    try {
      const body = credentials();
      const signedUp = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
      const link = await gateway.linkTo(body.email, 'verification');
      // A mail scanner's HEAD first: nothing verified, no session made, no cookie.
      const sessions = () => gateway.container.get(TOKENS.Database).session.count({ where: { userId: signedUp.body.user.id as string } });
      const before = await sessions();
      const head = await gateway.http.head(link).expect(200);
      expect(setCookies(head)).toEqual([]);
      expect(await sessions()).toBe(before);
      expect(await gateway.container.get(TOKENS.Database).user.findUnique({ where: { id: signedUp.body.user.id as string } })).toMatchObject({ emailVerified: false });
      const res = await gateway.http.get(link).expect(200);
      const session = await gateway.http.get('/api/auth/get-session').set('Cookie', cookiesOf(res)).expect(200);
      expect(session.body.user).toMatchObject({ email: body.email, emailVerified: true });
    } finally {
      await gateway.close();
    }
  });

  it('sends nothing on sign-up with AUTH_SEND_VERIFICATION_ON_SIGN_UP off', async () => {
    const gateway = await startGateway({ emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false } }, { mail: true });
    try {
      const { body } = await signUp(gateway);
      expect(await gateway.mailsTo(body.email)).toHaveLength(0);
    } finally {
      await gateway.close();
    }
  });

  it('with required verification: 403 on email and username sign-in, each sending the mail again, then signs in once verified', async () => {
    const gateway = await startGateway({ requireEmailVerification: true, emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false } }, { mail: true });
    try {
      const username = `calm_${Math.random().toString(36).slice(2, 8)}`;
      const body = { ...credentials(), username };
      const signUpRes = await gateway.http.post('/api/auth/sign-up/email').send(body).expect(200);
      expect(signUpRes.body.token).toBeNull();
      expect(await gateway.mailsTo(body.email, 'verification')).toHaveLength(1); // sent although sendOnSignUp is off

      const byEmail = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(403);
      expect(byEmail.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
      const byUsername = await gateway.http.post('/api/auth/sign-in/username').send({ username, password: body.password }).expect(403);
      expect(byUsername.body.code).toBe('EMAIL_NOT_VERIFIED');
      expect(await gateway.mailsTo(body.email, 'verification')).toHaveLength(3);

      await gateway.http.get(await gateway.linkTo(body.email, 'verification')).expect(200);
      await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(200);
    } finally {
      await gateway.close();
    }
  });
});

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

/** The token with its payload changed and its signature kept (it no longer matches). */
async function tamper(token: string): Promise<string> {
  const [header, , signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...claimsOf(token), email: 'someone.else@example.com' })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/** A JWT signed by hand, to forge what the gateway must refuse. */
function signJwt(secret: string, claims: Record<string, unknown>, alg: 'HS256' | 'HS512' = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${part({ alg, typ: 'JWT' })}.${part(claims)}`;
  return `${data}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha512', secret).update(data).digest('base64url')}`;
}
