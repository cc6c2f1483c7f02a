import { addSeconds } from '@tend/kernel';
import { newUser } from '@tend/identity';
import { clientOf } from '@tend/identity';
import { emailSignInFixture } from './testing/fixture.js';

const client = clientOf({ ipAddress: '10.0.0.1', userAgent: 'jest' });
const EMAIL = 'ada@example.com';

describe('signing in whoever proved an address', () => {
  it('claims an unverified account before signing its owner in: the registrant keeps no password, link or session', async () => {
    const f = emailSignInFixture();
    const user = await f.users.create(newUser({ id: 'u1', email: EMAIL, name: 'Squatter', emailVerified: false }, f.clock.now()));
    await f.accounts.create({ id: 'a1', accountId: 'u1', providerId: 'credential', userId: 'u1', password: 'hashed:squatter', accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: f.clock.now(), updatedAt: f.clock.now() });
    const squatter = await f.issuer.create({ userId: user.id });

    await f.sendMagicLink.execute({ email: EMAIL });
    const outcome = await f.verifyMagicLink.execute({ token: await f.tokenFor(EMAIL), client });
    if (outcome.kind !== 'session') throw new Error('expected a session');
    expect(f.claims).toEqual([{ userId: 'u1', method: 'magic-link' }]);
    expect(await f.accounts.listByUser('u1')).toEqual([]);
    expect(await f.sessions.resolve(squatter.token)).toBeNull();
    expect(await f.sessions.resolve(outcome.session.token)).not.toBeNull();
    expect((await f.users.findById('u1'))?.emailVerified).toBe(true);
  });

  it('leaves a verified account as it is', async () => {
    const f = emailSignInFixture();
    await f.users.create(newUser({ id: 'u1', email: EMAIL, name: 'Ada', emailVerified: true }, f.clock.now()));
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    await f.signInWithEmailCode.execute({ email: EMAIL, otp: await f.codeFor(EMAIL), client });
    expect(f.claims).toEqual([]);
  });

  it('refuses a banned user with 403 BANNED_USER before anything of theirs changes, and lets an expired ban go', async () => {
    const f = emailSignInFixture();
    await f.users.create(newUser({ id: 'u1', email: EMAIL, name: 'Ada', emailVerified: false, banned: true, banReason: 'spam' }, f.clock.now()));
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: await f.codeFor(EMAIL), client })).rejects.toMatchObject({ status: 403, code: 'BANNED_USER' });
    expect(f.claims).toEqual([]);
    expect((await f.users.findById('u1'))?.emailVerified).toBe(false);

    await f.users.update('u1', { banExpires: addSeconds(f.clock.now(), -1) });
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    expect((await f.signInWithEmailCode.execute({ email: EMAIL, otp: await f.codeFor(EMAIL), client })).kind).toBe('session');
  });

  it('records the sign-in with its method through the sign-in completion', async () => {
    const f = emailSignInFixture();
    await f.sendMagicLink.execute({ email: EMAIL });
    const outcome = await f.verifyMagicLink.execute({ token: await f.tokenFor(EMAIL), client });
    expect(f.events).toEqual([{ action: 'sign-in.success', userId: outcome.user.id, client, detail: { method: 'magic-link' } }]);
  });

  it('resets a password with a code: the policy applies, every session ends, an unverified address is claimed and verified', async () => {
    const f = emailSignInFixture();
    await f.users.create(newUser({ id: 'u1', email: EMAIL, name: 'Ada', emailVerified: false }, f.clock.now()));
    const session = await f.issuer.create({ userId: 'u1' });
    await f.sendEmailCode.execute({ email: EMAIL, type: 'forget-password' });
    const code = await f.codeFor(EMAIL);
    await expect(f.resetPasswordWithCode.execute({ email: EMAIL, otp: code, password: 'short', client })).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    await f.resetPasswordWithCode.execute({ email: EMAIL, otp: code, password: 'a long new password', client });
    expect((await f.accounts.findCredential('u1'))?.password).toBe('hashed:a long new password');
    expect(await f.sessions.resolve(session.token)).toBeNull();
    expect(f.claims).toEqual([{ userId: 'u1', method: 'email-otp' }]);
    expect((await f.users.findById('u1'))?.emailVerified).toBe(true);
  });
});

describe('the per-address mail limit', () => {
  it('mails at most 5 links or codes to one address per 10 minutes: the 6th is 429 and mails nothing; other addresses go on', async () => {
    const f = emailSignInFixture();
    for (let i = 0; i < 3; i += 1) await f.sendMagicLink.execute({ email: EMAIL });
    for (let i = 0; i < 2; i += 1) await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    const refused = await f.sendEmailCode.execute({ email: 'Ada@Example.com', type: 'sign-in' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 600 });
    expect(await f.mailsTo(EMAIL)).toHaveLength(5);
    await f.sendMagicLink.execute({ email: 'grace@example.com' });
    expect(await f.mailsTo('grace@example.com')).toHaveLength(1);
    f.clock.advance(600_000);
    await f.sendMagicLink.execute({ email: EMAIL });
    expect(await f.mailsTo(EMAIL)).toHaveLength(6);
  });
});

describe('a new account without a name', () => {
  it("is named after the address's local part", async () => {
    const f = emailSignInFixture();
    await f.sendEmailCode.execute({ email: 'robin.quill@example.com', type: 'sign-in' });
    const outcome = await f.signInWithEmailCode.execute({ email: 'robin.quill@example.com', otp: await f.codeFor('robin.quill@example.com'), client });
    expect(outcome.user.name).toBe('robin.quill');
  });
});
