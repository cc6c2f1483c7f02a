import { credentials, linkOf, type MailTestGateway, ORIGIN, paramOf, purposeOf, signUp, signUpVerified, startGateway } from './harness/index.js';

const HOUR = 3_600_000;

describe('POST /change-email through Resend', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  const changeEmail = (cookie: string, body: Record<string, unknown>) =>
    gateway.http.post('/api/auth/change-email').set('Cookie', cookie).set('Origin', ORIGIN).send(body);
  const sessionUser = async (cookie: string) => (await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body.user;

  it('swaps an unverified email at once and mails a verification link to the new address', async () => {
    const { cookie } = await signUp(gateway);
    const newEmail = credentials().email;
    expect((await changeEmail(cookie, { newEmail: newEmail.toUpperCase(), callbackURL: '/settings' }).expect(200)).body).toEqual({ status: true });
    expect(await sessionUser(cookie)).toMatchObject({ email: newEmail, emailVerified: false });
    const link = await gateway.linkTo(newEmail, 'verification');
    expect((await gateway.http.get(link).expect(302)).headers.location).toBe('/settings');
    expect(await sessionUser(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('for a verified email, mails the current address; the link changes the email, resets verification and mails the new address', async () => {
    const { body, cookie } = await signUpVerified(gateway);
    const newEmail = credentials().email;
    await changeEmail(cookie, { newEmail, callbackURL: '/settings' }).expect(200);
    expect(await sessionUser(cookie)).toMatchObject({ email: body.email, emailVerified: true }); // nothing changes yet

    const [mail] = await gateway.mailsTo(body.email, 'change-email');
    expect(mail!.subject).toBe('Confirm your new email for Tend');
    expect(mail!.text).toContain(newEmail);
    expect(purposeOf(mail!)).toBe('change-email');
    const link = linkOf(mail!);
    const claims = JSON.parse(Buffer.from(paramOf(link, 'token')!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ email: body.email, updateTo: newEmail });
    expect(await gateway.mailsTo(newEmail)).toHaveLength(0);

    const path = new URL(link).pathname + new URL(link).search;
    expect((await gateway.http.get(path).set('Cookie', cookie).expect(302)).headers.location).toBe('/settings');
    expect(await sessionUser(cookie)).toMatchObject({ email: newEmail, emailVerified: false });

    // The same link again: its address no longer exists.
    expect((await gateway.http.get(path).set('Cookie', cookie).expect(302)).headers.location).toBe('/settings?error=user_not_found');

    await gateway.http.get(await gateway.linkTo(newEmail, 'verification')).expect(302);
    expect(await sessionUser(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    await gateway.http.post('/api/auth/sign-in/email').send({ email: newEmail, password: body.password }).expect(200);
  });

  it('answers unauthorized for a change link opened without the owner signed in', async () => {
    const { body, cookie } = await signUpVerified(gateway);
    await changeEmail(cookie, { newEmail: credentials().email }).expect(200);
    const link = await gateway.linkTo(body.email, 'change-email');
    expect((await gateway.http.get(link).expect(401)).body).toEqual({ code: 'UNAUTHORIZED', message: 'unauthorized' });
    const stranger = await signUp(gateway);
    const res = await gateway.http.get(`${link}&callbackURL=/settings`).set('Cookie', stranger.cookie).expect(302);
    expect(res.headers.location).toBe('/settings?error=unauthorized');
    expect(await sessionUser(cookie)).toMatchObject({ email: body.email });
  });

  it('answers token_expired for a change link older than one hour', async () => {
    const { body, cookie } = await signUpVerified(gateway);
    await changeEmail(cookie, { newEmail: credentials().email, callbackURL: '/settings' }).expect(200);
    const link = await gateway.linkTo(body.email, 'change-email');
    gateway.clock.advance(HOUR);
    expect((await gateway.http.get(link).set('Cookie', cookie).expect(302)).headers.location).toBe('/settings?error=token_expired');
    expect(await sessionUser(cookie)).toMatchObject({ email: body.email });
  });

  it("answers Couldn't update your email when the new address was taken before the click", async () => {
    const { body, cookie } = await signUpVerified(gateway);
    const newEmail = credentials().email;
    await changeEmail(cookie, { newEmail, callbackURL: '/settings' }).expect(200);
    await signUp(gateway, { email: newEmail });
    const link = await gateway.linkTo(body.email, 'change-email');
    expect((await gateway.http.get(link).set('Cookie', cookie).expect(302)).headers.location).toBe('/settings?error=COULDN_T_UPDATE_YOUR_EMAIL');
  });

  it.each([
    ['an invalid address', () => 'not-an-email', 'INVALID_EMAIL', 'Invalid email'],
    ['the same address (any case)', (email: string) => email.toUpperCase(), 'EMAIL_IS_THE_SAME', 'Email is the same'],
  ])('answers 400 for %s', async (_name, make, code, message) => {
    const { body, cookie } = await signUp(gateway);
    expect((await changeEmail(cookie, { newEmail: make(body.email) }).expect(400)).body).toEqual({ code, message });
  });

  it("answers 400 Couldn't update your email for an address someone has", async () => {
    const taken = await signUp(gateway);
    const { cookie } = await signUp(gateway);
    const res = await changeEmail(cookie, { newEmail: taken.body.email }).expect(400);
    expect(res.body).toEqual({ code: 'COULDN_T_UPDATE_YOUR_EMAIL', message: "Couldn't update your email" });
  });

  it('answers 401 without a session and 403 for an untrusted callbackURL', async () => {
    await gateway.http.post('/api/auth/change-email').send({ newEmail: 'x@example.com' }).expect(401);
    const { cookie } = await signUp(gateway);
    expect((await changeEmail(cookie, { newEmail: credentials().email, callbackURL: 'https://evil.example' }).expect(403)).body.code).toBe('INVALID_CALLBACKURL');
  });

  it('reports a confirmation mail that could not leave (500) and changes nothing; asking again works', async () => {
    const { body, cookie } = await signUpVerified(gateway);
    const newEmail = credentials().email;
    gateway.resend.failNext(500);
    const res = await changeEmail(cookie, { newEmail }).expect(500);
    expect(res.body.code).toBe('INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER');
    expect(gateway.logger.entries).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ purpose: 'change-email' }) }));
    expect(await sessionUser(cookie)).toMatchObject({ email: body.email });
    await changeEmail(cookie, { newEmail }).expect(200);
    expect(await gateway.mailsTo(body.email, 'change-email')).toHaveLength(1);
  });
});

describe('change email disabled', () => {
  it('answers 400 Change email is disabled', async () => {
    const gateway = await startGateway({ changeEmail: { enabled: false } });
    try {
      const { cookie, body: { email } } = await signUp(gateway);
      const res = await gateway.http.post('/api/auth/change-email').set('Cookie', cookie).set('Origin', ORIGIN).send({ newEmail: credentials().email }).expect(400);
      expect(res.body).toEqual({ code: 'CHANGE_EMAIL_IS_DISABLED', message: 'Change email is disabled' });
      const session = await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200);
      expect(session.body.user.email).toBe(email);
    } finally {
      await gateway.close();
    }
  });
});
