import { TOKENS } from '../src/tokens.js';
import { adminPost, BANNED, freshEmail, linkOf, magicLinkTo, type MailTestGateway, ORIGIN, requestLink, sessionOf, setsSession, signInAdmin, signUp, startGateway, tokenOf } from './harness/index.js';

describe('sign-in by mailed link', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  const verify = (path: string) => gateway.http.get(path);

  it('POST /sign-in/magic-link answers {status: true} without a cookie and mails the link with callbackURL / by default', async () => {
    const email = freshEmail();
    const res = await requestLink(gateway, { email }).expect(200);
    expect(res.body).toEqual({ status: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    const [mail] = await gateway.mailsTo(email, 'magic-link');
    expect(mail!.subject).toBe('Sign in to Tend');
    expect(mail!.text).toContain('This link expires in 5 minutes.');
    const link = linkOf(mail!);
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/api/auth/magic-link/verify`);
    expect([...url.searchParams.keys()]).toEqual(['token', 'callbackURL']);
    expect(url.searchParams.get('callbackURL')).toBe('/');
    expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(16);
  });

  it('puts the callbacks in the link exactly as requested, and a new token each time', async () => {
    const email = freshEmail();
    const callbacks = { callbackURL: '/journal?tab=today', newUserCallbackURL: `${ORIGIN}/welcome`, errorCallbackURL: '/sign-in?why=link' };
    await requestLink(gateway, { email, ...callbacks }).expect(200);
    const first = new URL(await magicLinkTo(gateway, email), ORIGIN);
    expect(Object.fromEntries([...first.searchParams].filter(([key]) => key !== 'token'))).toEqual(callbacks);
    await requestLink(gateway, { email, ...callbacks }).expect(200);
    expect(tokenOf(await magicLinkTo(gateway, email))).not.toBe(first.searchParams.get('token'));
  });

  it('answers 400 VALIDATION_ERROR for a bad email, and the same {status: true} for known, unknown and banned addresses', async () => {
    expect((await requestLink(gateway, { email: 'not-an-email' }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await requestLink(gateway, {}).expect(400)).body.code).toBe('VALIDATION_ERROR');
    const known = await signUp(gateway);
    const banned = await signUp(gateway);
    const admin = await signInAdmin(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: banned.user.id }).expect(200);
    for (const email of [known.body.email, freshEmail('ghost'), banned.body.email]) {
      const res = await requestLink(gateway, { email }).expect(200);
      expect({ body: res.body, cookie: res.headers['set-cookie'] }).toEqual({ body: { status: true }, cookie: undefined });
    }
  });

  it('signs a known user in: the session cookie, a 302 to callbackURL, the email verified, the link used up', async () => {
    const { body, user } = await signUp(gateway);
    expect(user.emailVerified).toBe(false);
    await requestLink(gateway, { email: body.email.toUpperCase(), callbackURL: '/journal' }).expect(200);
    const path = await magicLinkTo(gateway, body.email);
    const res = await verify(path).expect(302);
    expect(res.headers.location).toBe('/journal');
    expect(setsSession(res)).toBe(true);
    expect((await sessionOf(gateway, res))?.user).toMatchObject({ id: user.id, emailVerified: true });

    const again = await verify(path).expect(302);
    expect(again.headers.location).toBe('/journal?error=INVALID_TOKEN');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('creates a new user with the requested name and emailVerified: true, and sends it to newUserCallbackURL', async () => {
    const email = freshEmail('new');
    await requestLink(gateway, { email, name: 'Nova Reyes', callbackURL: '/journal', newUserCallbackURL: '/welcome' }).expect(200);
    const res = await verify(await magicLinkTo(gateway, email)).expect(302);
    expect(res.headers.location).toBe('/welcome');
    expect((await sessionOf(gateway, res))?.user).toMatchObject({ email, name: 'Nova Reyes', emailVerified: true });
  });

  it('answers {token, user, session} with the cookie when the link has no callbackURL', async () => {
    const email = freshEmail();
    await requestLink(gateway, { email }).expect(200);
    const path = (await magicLinkTo(gateway, email)).replace(/&callbackURL=[^&]*/, '');
    const res = await verify(path).expect(200);
    expect(res.body).toEqual({ token: expect.any(String), user: expect.objectContaining({ email, emailVerified: true }), session: expect.objectContaining({ token: res.body.token }) });
    expect(setsSession(res)).toBe(true);
  });

  it('sends an unknown or expired token to errorCallbackURL (else callbackURL) with error=INVALID_TOKEN and no cookie', async () => {
    const unknown = await verify('/api/auth/magic-link/verify?token=abcdefghijklmnopqrstuvwxyz012345&callbackURL=%2Fhome&errorCallbackURL=%2Foops').expect(302);
    expect(unknown.headers.location).toBe('/oops?error=INVALID_TOKEN');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    const email = freshEmail();
    await requestLink(gateway, { email, callbackURL: '/home' }).expect(200);
    const path = await magicLinkTo(gateway, email);
    gateway.clock.advance(5 * 60_000);
    const expired = await verify(path).expect(302);
    expect(expired.headers.location).toBe('/home?error=INVALID_TOKEN');
    expect(expired.headers['set-cookie']).toBeUndefined();
    const json = await verify('/api/auth/magic-link/verify?token=nope').expect(400);
    expect(json.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('answers 400 VALIDATION_ERROR without a token', async () => {
    expect((await verify('/api/auth/magic-link/verify?callbackURL=%2F').expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await verify('/api/auth/magic-link/verify?token=').expect(400)).body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a banned user: a redirect with error=banned, or 403 BANNED_USER without callbacks, and no cookie', async () => {
    const admin = await signInAdmin(gateway);
    const target = await signUp(gateway);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: target.user.id }).expect(200);
    await requestLink(gateway, { email: target.body.email, callbackURL: '/home', errorCallbackURL: '/sorry' }).expect(200);
    const redirected = await verify(await magicLinkTo(gateway, target.body.email)).expect(302);
    expect(redirected.headers.location).toBe('/sorry?error=banned');
    expect(redirected.headers['set-cookie']).toBeUndefined();
    await requestLink(gateway, { email: target.body.email }).expect(200);
    const json = await verify((await magicLinkTo(gateway, target.body.email)).replace(/&callbackURL=[^&]*/, '')).expect(403);
    expect(json.body).toEqual(BANNED);
    expect(json.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['callbackURL', 'INVALID_CALLBACK_URL', 'Invalid callbackURL'],
    ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL', 'Invalid newUserCallbackURL'],
    ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL', 'Invalid errorCallbackURL'],
  ])('refuses an untrusted %s with 403 %s and mails nothing', async (field, code, message) => {
    const email = freshEmail();
    const res = await requestLink(gateway, { email, [field]: 'https://evil.example/steal' }).expect(403);
    expect(res.body).toEqual({ code, message });
    expect(await gateway.mailsTo(email)).toEqual([]);
  });

  it('checks the callbacks of the link before the token: 403 without using it up', async () => {
    const email = freshEmail();
    await requestLink(gateway, { email }).expect(200);
    const path = await magicLinkTo(gateway, email);
    const evil = await verify(`${path}&errorCallbackURL=${encodeURIComponent('//evil.example')}`).expect(403);
    expect(evil.body).toEqual({ code: 'INVALID_ERROR_CALLBACK_URL', message: 'Invalid errorCallbackURL' });
    expect((await verify(path).expect(302)).headers.location).toBe('/');
  });

  it('never writes the token to the logs', async () => {
    const email = freshEmail();
    await requestLink(gateway, { email }).expect(200);
    const path = await magicLinkTo(gateway, email);
    await verify(path).expect(302);
    expect(gateway.logger.dump()).not.toContain(tokenOf(path));
    expect(await gateway.container.get(TOKENS.Database).verification.count({ where: { value: { contains: tokenOf(path) } } })).toBe(0);
  });
});

describe('beyond better-auth: sign-in links', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  it('a new link voids the earlier unused links for that address', async () => {
    const email = freshEmail();
    await requestLink(gateway, { email, callbackURL: '/home' }).expect(200);
    const first = await magicLinkTo(gateway, email);
    await requestLink(gateway, { email, callbackURL: '/home' }).expect(200);
    const second = await magicLinkTo(gateway, email);
    const voided = await gateway.http.get(first).expect(302);
    expect(voided.headers.location).toBe('/home?error=INVALID_TOKEN');
    expect(setsSession(voided)).toBe(false);
    const used = await gateway.http.get(second).expect(302);
    expect(used.headers.location).toBe('/home');
    expect(setsSession(used)).toBe(true);
  });

  it('HEAD on the mailed link (a mail scanner) answers without a 5xx, sets no cookie and leaves the token for the GET', async () => {
    const email = freshEmail();
    await requestLink(gateway, { email, callbackURL: '/home' }).expect(200);
    const path = await magicLinkTo(gateway, email);
    for (let i = 0; i < 2; i += 1) {
      const probe = await gateway.http.head(path);
      expect(probe.status).toBeLessThan(500);
      expect(probe.headers['set-cookie']).toBeUndefined();
    }
    const res = await gateway.http.get(path).expect(302);
    expect(res.headers.location).toBe('/home');
    expect((await sessionOf(gateway, res))?.user.email).toBe(email);
  });
});
