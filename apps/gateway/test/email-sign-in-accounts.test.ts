// Beyond better-auth: account pre-hijacking (whoever registered an address before its owner keeps
// nothing once the owner signs in by link or code), and the audit trail of these sign-ins.
import { randomUUID } from 'node:crypto';
import { TOKENS } from '../src/tokens.js';
import { auditLog, codeTo, magicLinkTo, type MailTestGateway, requestCode, requestLink, signInAdmin, signUp, startGateway } from './harness/index.js';

describe('beyond better-auth: account pre-hijacking', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false } }, { mail: true });
  });
  afterAll(() => gateway.close());

  const db = () => gateway.container.get(TOKENS.Database);

  /** Someone registers the owner's address with a password and links a provider account to it. */
  async function squat() {
    const squatter = await signUp(gateway);
    await db().account.create({ data: { id: randomUUID(), accountId: `gh-${randomUUID()}`, providerId: 'github', userId: squatter.user.id } });
    return squatter;
  }

  it.each([
    ['a mailed link', async (email: string) => {
      await requestLink(gateway, { email, callbackURL: '/home' }).expect(200);
      return gateway.http.get(await magicLinkTo(gateway, email)).expect(302);
    }],
    ['a mailed code', async (email: string) => {
      await requestCode(gateway, email).expect(200);
      return gateway.http.post('/api/auth/sign-in/email-otp').send({ email, otp: await codeTo(gateway, email) }).expect(200);
    }],
  ])('signing in by %s to an unverified account first deletes its password, provider links and sessions', async (way, signInByMail) => {
    const squatter = await squat();
    await signInByMail(squatter.body.email);
    expect(await db().account.count({ where: { userId: squatter.user.id } })).toBe(0);
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', squatter.cookie).expect(200)).body).toBeNull();
    await gateway.http.post('/api/auth/sign-in/email').send({ email: squatter.body.email, password: squatter.body.password }).expect(401);
    expect(await db().user.findUnique({ where: { id: squatter.user.id } })).toMatchObject({ emailVerified: true });
    expect(await db().session.count({ where: { userId: squatter.user.id } })).toBe(1);
    const admin = await signInAdmin(gateway);
    const [claimed] = (await auditLog(gateway, admin.cookie, { userId: squatter.user.id, action: 'account.claimed' })).events;
    expect(claimed?.detail).toMatchObject({ method: way === 'a mailed link' ? 'magic-link' : 'email-otp', unlinked: expect.arrayContaining(['credential', 'github']) });
  });

  it('leaves the password and links of a verified account alone', async () => {
    const owner = await signUp(gateway);
    await db().user.update({ where: { id: owner.user.id }, data: { emailVerified: true } });
    await requestLink(gateway, { email: owner.body.email }).expect(200);
    await gateway.http.get(await magicLinkTo(gateway, owner.body.email)).expect(302);
    await gateway.http.post('/api/auth/sign-in/email').send({ email: owner.body.email, password: owner.body.password }).expect(200);
    expect((await gateway.http.get('/api/auth/get-session').set('Cookie', owner.cookie).expect(200)).body).not.toBeNull();
  });
});

describe('beyond better-auth: the audit log names the way in', () => {
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({}, { mail: true });
  });
  afterAll(() => gateway.close());

  it('records sign-in.success with method magic-link or email-otp, and failures with their reason', async () => {
    const admin = await signInAdmin(gateway);
    const { body, user } = await signUp(gateway);
    await gateway.container.get(TOKENS.Database).user.update({ where: { id: user.id }, data: { emailVerified: true } });
    await requestLink(gateway, { email: body.email, callbackURL: '/home' }).expect(200);
    const link = await magicLinkTo(gateway, body.email);
    await gateway.http.get(link).expect(302);
    await gateway.http.get(link).expect(302);
    await requestCode(gateway, body.email).expect(200);
    await gateway.http.post('/api/auth/sign-in/email-otp').send({ email: body.email, otp: 'nope' }).expect(400);
    await gateway.http.post('/api/auth/sign-in/email-otp').send({ email: body.email, otp: await codeTo(gateway, body.email) }).expect(200);

    const { events } = await auditLog(gateway, admin.cookie, { userId: user.id, action: 'sign-in.success' });
    expect(events.map((event) => event.detail?.method).sort()).toEqual(['email-otp', 'magic-link']);
    for (const event of events) expect(event).toMatchObject({ actorId: user.id, targetUserId: user.id, label: 'Signed in' });
    const failures = (await auditLog(gateway, admin.cookie, { action: 'sign-in.failure' })).events.map((event) => event.detail);
    expect(failures).toEqual(expect.arrayContaining([{ method: 'magic-link', reason: 'INVALID_TOKEN' }, { method: 'email-otp', reason: 'INVALID_OTP' }]));
  });
});

describe('no enumeration with sign-up off: an address that gets nothing costs the same store work', () => {
  // Timing cannot be tested; the work behind it can: the same writes, in the same order, for an
  // account and for an unknown address (which gets no link or code when sign-up is off).
  let gateway: MailTestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: { emailSignIn: { enabled: true, signUp: false, mailsPerAddress: { max: 5, window: 600 } } } }, { mail: true });
  });
  afterAll(() => gateway.close());

  /** The verification-store calls (method names, in order) made while answering `send`. */
  async function storeWorkOf(send: () => PromiseLike<{ status: number }>): Promise<string[]> {
    const store = gateway.container.get(TOKENS.VerificationRepository) as unknown as Record<string, (...args: unknown[]) => unknown>;
    const calls: string[] = [];
    const methods = ['create', 'findByIdentifier', 'consume', 'deleteByIdentifier'] as const;
    const originals = methods.map((name) => [name, store[name]!] as const);
    for (const [name, original] of originals) store[name] = (...args: unknown[]) => (calls.push(name), original.apply(store, args));
    try {
      expect((await send()).status).toBe(200);
    } finally {
      for (const [name, original] of originals) store[name] = original;
    }
    return calls;
  }

  it('POST /sign-in/magic-link', async () => {
    const known = await signUp(gateway);
    const forKnown = await storeWorkOf(() => requestLink(gateway, { email: known.body.email }));
    const forUnknown = await storeWorkOf(() => requestLink(gateway, { email: `ghost-${randomUUID()}@example.com` }));
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown).toContain('create');
    expect(await gateway.mailsTo(known.body.email, 'magic-link')).toHaveLength(1);
  });

  it.each(['sign-in', 'forget-password', 'email-verification'])('POST /email-otp/send-verification-otp (%s)', async (type) => {
    const known = await signUp(gateway);
    const forKnown = await storeWorkOf(() => requestCode(gateway, known.body.email, type));
    const forUnknown = await storeWorkOf(() => requestCode(gateway, `ghost-${randomUUID()}@example.com`, type));
    expect(forUnknown).toEqual(forKnown);
    expect(await gateway.mailsTo(known.body.email, 'email-otp')).toHaveLength(1);
  });
});
