import { adminPost, BANNED, codeTo, cookiesOf, freshEmail, type MailTestGateway, requestCode, sessionOf, setsSession, signInAdmin, signUp, startGateway } from './harness/index.js';

const INVALID_OTP = { code: 'INVALID_OTP', message: 'Invalid OTP' };

describe('one-time codes by mail', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false } }, { mail: true });
  });
  afterAll(() => gateway.close());

  const post = (path: string, body: Record<string, unknown>) => gateway.http.post(`/api/auth${path}`).send(body);
  const signIn = (body: Record<string, unknown>) => post('/sign-in/email-otp', body);
  /** A code other than `code`. */
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('POST /email-otp/send-verification-otp answers {success: true} for every address and type, and 400 for a bad type or email', async () => {
    const known = await signUp(gateway);
    for (const type of ['sign-in', 'email-verification', 'forget-password']) {
      for (const email of [known.body.email, freshEmail('ghost')]) expect((await requestCode(gateway, email, type).expect(200)).body).toEqual({ success: true });
    }
    expect((await requestCode(gateway, known.body.email, 'login').expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await requestCode(gateway, 'nope', 'sign-in').expect(400)).body.code).toBe('VALIDATION_ERROR');
  });

  it('mails sign-in codes to unknown addresses too, the other two types only to existing accounts', async () => {
    const ghost = freshEmail('ghost');
    await requestCode(gateway, ghost, 'email-verification').expect(200);
    await requestCode(gateway, ghost, 'forget-password').expect(200);
    expect(await gateway.mailsTo(ghost)).toEqual([]);
    await requestCode(gateway, ghost, 'sign-in').expect(200);
    expect(await gateway.mailsTo(ghost, 'email-otp')).toHaveLength(1);
    const known = await signUp(gateway);
    await requestCode(gateway, known.body.email, 'email-verification').expect(200);
    await requestCode(gateway, known.body.email, 'forget-password').expect(200);
    expect(await gateway.mailsTo(known.body.email, 'email-otp')).toHaveLength(2);
  });

  it('mails 6 digits, the only standalone 6-digit number of the text, and says they last 5 minutes', async () => {
    const email = freshEmail();
    await requestCode(gateway, email).expect(200);
    const [mail] = await gateway.mailsTo(email, 'email-otp');
    expect(mail!.subject).toBe('Your Tend sign-in code');
    expect(mail!.text!.match(/\b\d{6}\b/g)).toHaveLength(1);
    expect(mail!.text).toContain('This code expires in 5 minutes.');
    expect(mail!.html).toContain('This code expires in 5 minutes.');
  });

  it('keeps the code the only standalone 6-digit number of the text when the name holds one (every type)', async () => {
    const { body } = await signUp(gateway, { name: 'Flat 123456' });
    for (const type of ['sign-in', 'email-verification', 'forget-password']) await requestCode(gateway, body.email, type).expect(200);
    const mails = await gateway.mailsTo(body.email, 'email-otp');
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(mail.text!.match(/(?<!\d)\d{6}(?!\d)/g)).toEqual([expect.not.stringMatching(/^123456$/)]);
  });

  it.each([
    ['full-width digits', 'Flat \uFF11\uFF12\uFF13\uFF14\uFF15\uFF16'],
    ['Arabic-Indic digits', 'Flat \u0661\u0662\u0663\u0664\u0665\u0666'],
  ])('leaves out a name holding 6 %s too: any digit counts, not only 0-9', async (_name, name) => {
    const { body } = await signUp(gateway, { name });
    await requestCode(gateway, body.email, 'sign-in').expect(200);
    const [mail] = await gateway.mailsTo(body.email, 'email-otp');
    expect(mail!.text).toMatch(/^Hi,\n/);
    expect(mail!.text!.match(/(?<!\p{Nd})\p{Nd}{6}(?!\p{Nd})/gu)).toHaveLength(1);
  });

  it.each([
    ['/email-otp/reset-password', 'forget-password', { password: 'Correct-horse-999' }],
    ['/email-otp/verify-email', 'email-verification', {}],
  ])('answers wrong guesses at %s alike for an account and an unknown address: the 4th is 403 TOO_MANY_ATTEMPTS for both', async (path, type, extra) => {
    const known = (await signUp(gateway)).body.email as string;
    const answers: Record<string, string[]> = {};
    for (const email of [known, freshEmail('ghost')]) {
      await requestCode(gateway, email, type).expect(200);
      answers[email] = [];
      for (let i = 0; i < 4; i++) answers[email]!.push((await post(path, { email, otp: '000000', ...extra })).body.code);
    }
    expect(answers[known]).toEqual(['INVALID_OTP', 'INVALID_OTP', 'INVALID_OTP', 'TOO_MANY_ATTEMPTS']);
    expect(Object.values(answers)[1]).toEqual(answers[known]);
  });

  it('POST /sign-in/email-otp signs a known user in: {token, user}, the session cookie, the email matched case-insensitively and verified', async () => {
    const { body, user } = await signUp(gateway);
    await requestCode(gateway, body.email).expect(200);
    const res = await signIn({ email: body.email.toUpperCase(), otp: await codeTo(gateway, body.email) }).expect(200);
    expect(res.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: user.id, email: body.email, emailVerified: true }) });
    expect(setsSession(res)).toBe(true);
    expect((await sessionOf(gateway, res))?.user.id).toBe(user.id);
  });

  it('creates a new verified user for an unknown address, with the name given', async () => {
    const email = freshEmail('new');
    await requestCode(gateway, email).expect(200);
    const res = await signIn({ email, otp: await codeTo(gateway, email), name: 'Nova Reyes' }).expect(200);
    expect(res.body.user).toMatchObject({ email, name: 'Nova Reyes', emailVerified: true });
  });

  it('answers 400 INVALID_OTP for a wrong code, a used code, and when no code was sent; 400 VALIDATION_ERROR for a missing field', async () => {
    const email = freshEmail();
    expect((await signIn({ email, otp: '123456' }).expect(400)).body).toEqual(INVALID_OTP);
    await requestCode(gateway, email).expect(200);
    const code = await codeTo(gateway, email);
    expect((await signIn({ email, otp: wrong(code) }).expect(400)).body).toEqual(INVALID_OTP);
    await signIn({ email, otp: code }).expect(200);
    const used = await signIn({ email, otp: code }).expect(400);
    expect(used.body).toEqual(INVALID_OTP);
    expect(used.headers['set-cookie']).toBeUndefined();
    expect((await signIn({ email }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await signIn({ otp: code }).expect(400)).body.code).toBe('VALIDATION_ERROR');
  });

  it('after 3 wrong codes answers the next attempt, even with the right code, 403 TOO_MANY_ATTEMPTS, and the code is dead', async () => {
    const email = freshEmail();
    await requestCode(gateway, email).expect(200);
    const code = await codeTo(gateway, email);
    for (let i = 0; i < 3; i += 1) expect((await signIn({ email, otp: wrong(code) }).expect(400)).body).toEqual(INVALID_OTP);
    expect((await signIn({ email, otp: code }).expect(403)).body).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' });
    expect((await signIn({ email, otp: code }).expect(400)).body).toEqual(INVALID_OTP);
  });

  it('binds a code to its type, replaces it with a newer one, and expires it after 5 minutes', async () => {
    const { body } = await signUp(gateway);
    await requestCode(gateway, body.email, 'forget-password').expect(200);
    const reset = await codeTo(gateway, body.email);
    expect((await signIn({ email: body.email, otp: reset }).expect(400)).body).toEqual(INVALID_OTP);
    await requestCode(gateway, body.email).expect(200);
    const first = await codeTo(gateway, body.email);
    await requestCode(gateway, body.email).expect(200);
    const second = await codeTo(gateway, body.email);
    if (first !== second) expect((await post('/email-otp/check-verification-otp', { email: body.email, type: 'sign-in', otp: first }).expect(400)).body).toEqual(INVALID_OTP);
    gateway.clock.advance(5 * 60_000);
    expect((await signIn({ email: body.email, otp: second }).expect(400)).body).toEqual(INVALID_OTP);
  });

  it('refuses a banned user with 403 BANNED_USER and no cookie', async () => {
    const admin = await signInAdmin(gateway);
    const target = await signUp(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id }).expect(200);
    await requestCode(gateway, target.body.email).expect(200);
    const res = await signIn({ email: target.body.email, otp: await codeTo(gateway, target.body.email) }).expect(403);
    expect(res.body).toEqual(BANNED);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('POST /email-otp/verify-email answers {status: true, token, user} with emailVerified: true', async () => {
    const { body, cookie } = await signUp(gateway);
    await requestCode(gateway, body.email, 'email-verification').expect(200);
    const otp = await codeTo(gateway, body.email);
    expect((await post('/email-otp/verify-email', { email: body.email, otp: wrong(otp) }).expect(400)).body).toEqual(INVALID_OTP);
    const res = await post('/email-otp/verify-email', { email: body.email, otp }).expect(200);
    expect(res.body).toEqual({ status: true, token: null, user: expect.objectContaining({ email: body.email, emailVerified: true }) });
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body.user.emailVerified).toBe(true);
  });

  it('POST /email-otp/check-verification-otp answers {success: true} without using the code up', async () => {
    const { body } = await signUp(gateway);
    await requestCode(gateway, body.email, 'email-verification').expect(200);
    const otp = await codeTo(gateway, body.email);
    const check = { email: body.email, type: 'email-verification', otp };
    expect((await post('/email-otp/check-verification-otp', check).expect(200)).body).toEqual({ success: true });
    expect((await post('/email-otp/check-verification-otp', check).expect(200)).body).toEqual({ success: true });
    expect((await post('/email-otp/check-verification-otp', { ...check, otp: wrong(otp) }).expect(400)).body).toEqual(INVALID_OTP);
    expect((await post('/email-otp/check-verification-otp', { ...check, type: 'reset' }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    await post('/email-otp/verify-email', { email: body.email, otp }).expect(200);
  });

  it.each(['/forget-password/email-otp', '/email-otp/request-password-reset'])('POST %s answers {success: true} and mails a reset code to accounts', async (path) => {
    const { body } = await signUp(gateway);
    const ghost = freshEmail('ghost');
    expect((await post(path, { email: body.email }).expect(200)).body).toEqual({ success: true });
    expect((await post(path, { email: ghost }).expect(200)).body).toEqual({ success: true });
    expect((await post(path, { email: 'nope' }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await gateway.mailsTo(body.email, 'email-otp')).at(-1)!.subject).toBe('Your Tend password reset code');
    expect(await gateway.mailsTo(ghost)).toEqual([]);
  });

  it('POST /email-otp/reset-password sets the password under the policy and ends the other sessions', async () => {
    const { body, cookie } = await signUp(gateway);
    await post('/forget-password/email-otp', { email: body.email }).expect(200);
    const otp = await codeTo(gateway, body.email);
    expect((await post('/email-otp/reset-password', { email: body.email, otp, password: 'short' }).expect(400)).body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    expect((await post('/email-otp/reset-password', { email: body.email, otp: wrong(otp), password: 'a brand new password' }).expect(400)).body).toEqual(INVALID_OTP);
    expect((await post('/email-otp/reset-password', { email: body.email, otp, password: 'a brand new password' }).expect(200)).body).toEqual({ success: true });
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body).toBeNull();
    await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(401);
    const signedIn = await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: 'a brand new password' }).expect(200);
    expect(cookiesOf(signedIn)).toContain('tend.session_token=');
    expect((await post('/email-otp/reset-password', { email: body.email, otp, password: 'another new password' }).expect(400)).body).toEqual(INVALID_OTP);
  });
});

describe('verify-email by code with auto sign-in after verification', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: true } }, { mail: true });
  });
  afterAll(() => gateway.close());

  it('answers the new session token and sets its cookie', async () => {
    const { body } = await signUp(gateway);
    await requestCode(gateway, body.email, 'email-verification').expect(200);
    const res = await gateway.http.post('/api/auth/email-otp/verify-email').send({ email: body.email, otp: await codeTo(gateway, body.email) }).expect(200);
    expect(res.body).toEqual({ status: true, token: expect.any(String), user: expect.objectContaining({ emailVerified: true }) });
    expect(setsSession(res)).toBe(true);
  });
});
