import { TOKENS } from '../src/tokens.js';
import { linkOf, type MailTestGateway, ORIGIN, paramOf, purposeOf, setCookies, signUp, startGateway, type TestGateway } from './harness/index.js';

const DAY = 86_400_000;

/** Signs up a user and removes their password, as for someone who signed up with a provider. */
async function signUpWithoutPassword(gateway: TestGateway) {
  const signedUp = await signUp(gateway);
  await gateway.container.get(TOKENS.Database).account.deleteMany({ where: { userId: signedUp.user.id } });
  return signedUp;
}

const deleteUser = (gateway: TestGateway, cookie: string, body: Record<string, unknown> = {}) =>
  gateway.http.post('/api/auth/delete-user').set('Cookie', cookie).set('Origin', ORIGIN).send(body);

/** The user is gone with their sessions and accounts, and the response cleared the cookies. */
async function expectDeleted(gateway: TestGateway, userId: string, res: { headers: Record<string, unknown> }) {
  const db = gateway.container.get(TOKENS.Database);
  expect(await db.user.findUnique({ where: { id: userId } })).toBeNull();
  expect(await db.session.count({ where: { userId } })).toBe(0);
  expect(await db.account.count({ where: { userId } })).toBe(0);
  expect(setCookies(res).find((c) => c.startsWith('tend.session_token='))).toMatch(/Max-Age=0/);
}

describe('POST /delete-user with mailed confirmation (the default)', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  const db = () => gateway.container.get(TOKENS.Database);
  const callback = (query: string, cookie?: string) => {
    const req = gateway.http.get(`/api/auth/delete-user/callback?${query}`);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  /** Asks for deletion by mail and answers the mailed token. */
  const mailedToken = async (email: string, cookie: string) => {
    await deleteUser(gateway, cookie, { callbackURL: '/goodbye' }).expect(200);
    return paramOf(await gateway.linkTo(email, 'delete-account'), 'token')!;
  };

  it('deletes at once with the right password: sessions, accounts and cookies go', async () => {
    const { body, cookie, user } = await signUp(gateway);
    const res = await deleteUser(gateway, cookie, { password: body.password }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted' });
    await expectDeleted(gateway, user.id, res);
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body).toBeNull();
    await gateway.http.post('/api/auth/sign-in/email').send({ email: body.email, password: body.password }).expect(401);
  });

  it('answers 400 INVALID_PASSWORD for a wrong password, and keeps the user', async () => {
    const { cookie, user } = await signUp(gateway);
    expect((await deleteUser(gateway, cookie, { password: 'not my password' }).expect(400)).body).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    expect(await db().user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it('answers 400 Credential account not found for a password from a user without one', async () => {
    const { cookie } = await signUpWithoutPassword(gateway);
    const res = await deleteUser(gateway, cookie, { password: 'some password' }).expect(400);
    expect(res.body).toEqual({ code: 'CREDENTIAL_ACCOUNT_NOT_FOUND', message: 'Credential account not found' });
  });

  it('asks a user who has a password for it', async () => {
    const { cookie } = await signUp(gateway);
    const res = await deleteUser(gateway, cookie).expect(400);
    expect(res.body).toEqual({
      code: 'USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT',
      message: 'User already has a password. Provide that to delete the account.',
    });
  });

  it('mails a one-day link to a user without a password; following it deletes the account and lands on the callbackURL', async () => {
    const { body, cookie, user } = await signUpWithoutPassword(gateway);
    const res = await deleteUser(gateway, cookie, { callbackURL: '/goodbye' }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Verification email sent' });
    const [mail] = await gateway.mailsTo(body.email, 'delete-account');
    expect(purposeOf(mail!)).toBe('delete-account');
    expect(mail!.subject).toBe('Confirm deleting your Tend account');
    const link = linkOf(mail!);
    const token = paramOf(link, 'token')!;
    expect(token).toMatch(/^[a-z0-9]{32}$/);
    expect(link).toBe(`${ORIGIN}/api/auth/delete-user/callback?token=${token}&callbackURL=%2Fgoodbye`);
    const record = await db().verification.findFirst({ where: { identifier: `delete-account-${token}` } });
    expect(record).toMatchObject({ value: user.id });
    expect(record!.expiresAt.getTime()).toBe(gateway.clock.now().getTime() + DAY);
    expect(await db().user.findUnique({ where: { id: user.id } })).not.toBeNull();

    const done = await gateway.http.get(new URL(link).pathname + new URL(link).search).set('Cookie', cookie).expect(302);
    expect(done.headers.location).toBe('/goodbye');
    await expectDeleted(gateway, user.id, done);
    expect(await db().verification.count({ where: { identifier: `delete-account-${token}` } })).toBe(0);
    expect(gateway.logger.dump()).not.toContain(token);
  });

  it('deletes through the link without a session too, answering JSON', async () => {
    const { body, cookie, user } = await signUpWithoutPassword(gateway);
    const token = await mailedToken(body.email, cookie);
    expect((await callback(`token=${token}`).expect(200)).body).toEqual({ success: true, message: 'User deleted' });
    expect(await db().user.findUnique({ where: { id: user.id } })).toBeNull();
  });

  it('deletes with the mailed token given to POST /delete-user', async () => {
    const { body, cookie, user } = await signUpWithoutPassword(gateway);
    const token = await mailedToken(body.email, cookie);
    const res = await deleteUser(gateway, cookie, { token }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted' });
    await expectDeleted(gateway, user.id, res);
  });

  it("refuses another user's token, which stays usable by its owner", async () => {
    const owner = await signUpWithoutPassword(gateway);
    const token = await mailedToken(owner.body.email, owner.cookie);
    const stranger = await signUp(gateway);
    expect((await callback(`token=${token}`, stranger.cookie).expect(400)).body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    expect((await callback(`token=${token}&callbackURL=/goodbye`, stranger.cookie).expect(302)).headers.location).toBe('/goodbye?error=INVALID_TOKEN');
    await deleteUser(gateway, stranger.cookie, { token }).expect(400);
    await callback(`token=${token}`, owner.cookie).expect(200);
  });

  it('answers HEAD on the mailed link (mail scanners) without deleting anything or spending the token; the later GET deletes', async () => {
    const { body, cookie, user } = await signUpWithoutPassword(gateway);
    const token = await mailedToken(body.email, cookie);
    await gateway.container.get(TOKENS.AuditLog).flush();
    const before = await db().auditEvent.count({ where: { action: 'account.delete' } });
    const head = await gateway.http.head(`/api/auth/delete-user/callback?token=${token}&callbackURL=/goodbye`).set('Cookie', cookie).expect(200);
    expect(setCookies(head)).toEqual([]);
    expect(await db().user.findUnique({ where: { id: user.id } })).not.toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', cookie).expect(200)).body?.user.id).toBe(user.id);
    // Nor is a deletion recorded in the audit log.
    const deletions = async () => {
      await gateway.container.get(TOKENS.AuditLog).flush();
      return db().auditEvent.count({ where: { action: 'account.delete' } });
    };
    expect(await deletions()).toBe(before);
    const res = await callback(`token=${token}&callbackURL=/goodbye`, cookie).expect(302);
    expect(res.headers.location).toBe('/goodbye');
    await expectDeleted(gateway, user.id, res);
    expect(await deletions()).toBe(before + 1);
  });

  it('refuses a used token and a token older than one day', async () => {
    const used = await signUpWithoutPassword(gateway);
    const usedToken = await mailedToken(used.body.email, used.cookie);
    await callback(`token=${usedToken}`).expect(200);
    expect((await callback(`token=${usedToken}`).expect(400)).body.code).toBe('INVALID_TOKEN');

    const late = await signUpWithoutPassword(gateway);
    const lateToken = await mailedToken(late.body.email, late.cookie);
    gateway.clock.advance(DAY);
    expect((await callback(`token=${lateToken}&callbackURL=/goodbye`).expect(302)).headers.location).toBe('/goodbye?error=INVALID_TOKEN');
    expect(await db().user.findUnique({ where: { id: late.user.id } })).not.toBeNull();
  });

  it.each([['a tampered token', 'z'.repeat(32)], ['a token of the wrong shape', 'NOT-A-TOKEN']])('answers 400 INVALID_TOKEN for %s', async (_name, token) => {
    expect((await callback(`token=${token}`).expect(400)).body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('reports a confirmation mail that could not leave (500), keeps no token, and asking again works', async () => {
    const { body, cookie } = await signUpWithoutPassword(gateway);
    // Any mail of the sign-up must be out before the next mail is made to fail.
    await gateway.settled();
    const before = await db().verification.count();
    gateway.resend.failNext(500);
    await deleteUser(gateway, cookie).expect(500);
    expect(await db().verification.count()).toBe(before);
    expect(gateway.logger.entries).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ purpose: 'delete-account' }) }));
    await deleteUser(gateway, cookie).expect(200);
    expect(await gateway.mailsTo(body.email, 'delete-account')).toHaveLength(1);
  });

  it('answers 401 without a session and 403 for an untrusted callbackURL', async () => {
    await gateway.http.post('/api/auth/delete-user').send({}).expect(401);
    const { cookie } = await signUp(gateway);
    expect((await deleteUser(gateway, cookie, { callbackURL: 'https://evil.example' }).expect(403)).body.code).toBe('INVALID_CALLBACKURL');
    await callback('token=x&callbackURL=https://evil.example').expect(403);
  });
});

describe('POST /delete-user without mailed confirmation', () => {
  it('deletes at once on a fresh session, and answers 403 Session expired on a stale one', async () => {
    const gateway = await startGateway({ deleteUser: { enabled: true, sendDeleteAccountVerification: false } });
    try {
      const fresh = await signUp(gateway);
      const res = await deleteUser(gateway, fresh.cookie).expect(200);
      expect(res.body).toEqual({ success: true, message: 'User deleted' });
      await expectDeleted(gateway, fresh.user.id, res);

      const stale = await signUp(gateway);
      gateway.clock.advance(DAY);
      const refused = await deleteUser(gateway, stale.cookie).expect(403);
      expect(refused.body).toEqual({
        code: 'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION',
        message: 'Session expired. Re-authenticate to perform this action.',
      });
      await deleteUser(gateway, stale.cookie, { password: stale.body.password }).expect(200);
    } finally {
      await gateway.close();
    }
  });

  it('answers 400 User cannot be deleted when sessions are never fresh (freshAge 0)', async () => {
    const gateway = await startGateway({ session: { freshAge: 0 }, deleteUser: { enabled: true, sendDeleteAccountVerification: false } });
    try {
      const { cookie } = await signUp(gateway);
      const res = await deleteUser(gateway, cookie).expect(400);
      expect(res.body).toEqual({ code: 'USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN', message: 'User cannot be deleted. please provide a password or token' });
    } finally {
      await gateway.close();
    }
  });
});

describe('deletion disabled', () => {
  it('answers 404 on both routes', async () => {
    const gateway = await startGateway({ deleteUser: { enabled: false, sendDeleteAccountVerification: true } });
    try {
      const { body, cookie } = await signUp(gateway);
      await deleteUser(gateway, cookie, { password: body.password }).expect(404);
      await gateway.http.get(`/api/auth/delete-user/callback?token=${'a'.repeat(32)}`).expect(404);
    } finally {
      await gateway.close();
    }
  });
});
