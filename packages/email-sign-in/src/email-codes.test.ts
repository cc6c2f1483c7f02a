import { newUser } from '@tend/identity';
import { UNKNOWN_CLIENT } from '@tend/identity';
import { emailSignInFixture } from './testing/fixture.js';

const client = UNKNOWN_CLIENT;
const EMAIL = 'ada@example.com';

async function withUser(verified = true) {
  const f = emailSignInFixture();
  const user = await f.users.create(newUser({ id: 'u1', email: EMAIL, name: 'Ada', emailVerified: verified }, f.clock.now()));
  return { ...f, user };
}

describe('mailed one-time codes', () => {
  it('mails a 6-digit code, stores only its HMAC, and signs in with it once', async () => {
    const f = await withUser();
    await f.sendEmailCode.execute({ email: 'ADA@example.com', type: 'sign-in' });
    const code = await f.codeFor(EMAIL);
    expect(code).toMatch(/^\d{6}$/);
    const stored = [...f.tables.verifications.values()].map((record) => record.value).join(' ');
    expect(stored).not.toContain(code);
    const outcome = await f.signInWithEmailCode.execute({ email: 'Ada@Example.COM', otp: code, client });
    expect(outcome).toMatchObject({ kind: 'session', user: { id: 'u1' }, proof: { method: 'email-otp', factors: ['email'] } });
    await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: code, client })).rejects.toMatchObject({ status: 400, code: 'INVALID_OTP' });
  });

  it('binds a code to its type and replaces it with a newer one', async () => {
    const f = await withUser();
    await f.sendEmailCode.execute({ email: EMAIL, type: 'email-verification' });
    const verification = await f.codeFor(EMAIL);
    await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: verification, client })).rejects.toMatchObject({ code: 'INVALID_OTP' });
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    const first = await f.codeFor(EMAIL);
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    const second = await f.codeFor(EMAIL);
    if (first !== second) await expect(f.checkEmailCode.execute({ email: EMAIL, type: 'sign-in', otp: first })).rejects.toMatchObject({ code: 'INVALID_OTP' });
    await expect(f.checkEmailCode.execute({ email: EMAIL, type: 'sign-in', otp: second })).resolves.toBeUndefined();
  });

  it('kills a code after 3 wrong ones: the 4th attempt is 403 TOO_MANY_ATTEMPTS even when right, then the code is gone', async () => {
    const f = await withUser();
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    const code = await f.codeFor(EMAIL);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1) await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: wrong, client })).rejects.toMatchObject({ code: 'INVALID_OTP' });
    await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: code, client })).rejects.toMatchObject({ status: 403, code: 'TOO_MANY_ATTEMPTS' });
    await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: code, client })).rejects.toMatchObject({ code: 'INVALID_OTP' });
  });

  it('checks a code without using it up, but counts wrong checks', async () => {
    const f = await withUser();
    await f.sendEmailCode.execute({ email: EMAIL, type: 'forget-password' });
    const code = await f.codeFor(EMAIL);
    await f.checkEmailCode.execute({ email: EMAIL, type: 'forget-password', otp: code });
    await f.checkEmailCode.execute({ email: EMAIL, type: 'forget-password', otp: code });
    await expect(f.checkEmailCode.execute({ email: EMAIL, type: 'forget-password', otp: '12345' })).rejects.toMatchObject({ code: 'INVALID_OTP' });
    await f.resetPasswordWithCode.execute({ email: EMAIL, otp: code, password: 'a new password', client });
    expect((await f.accounts.findCredential('u1'))?.password).toBe('hashed:a new password');
  });

  it('expires a code after five minutes', async () => {
    const f = await withUser();
    await f.sendEmailCode.execute({ email: EMAIL, type: 'sign-in' });
    const code = await f.codeFor(EMAIL);
    f.clock.advance(300_000);
    await expect(f.signInWithEmailCode.execute({ email: EMAIL, otp: code, client })).rejects.toMatchObject({ code: 'INVALID_OTP' });
  });

  it('mails verification and reset codes to accounts only, sign-in codes to anyone', async () => {
    const f = emailSignInFixture();
    await f.sendEmailCode.execute({ email: 'ghost@example.com', type: 'email-verification' });
    await f.sendEmailCode.execute({ email: 'ghost@example.com', type: 'forget-password' });
    expect(await f.mailsTo('ghost@example.com')).toEqual([]);
    await f.sendEmailCode.execute({ email: 'ghost@example.com', type: 'sign-in' });
    const code = await f.codeFor('ghost@example.com');
    const outcome = await f.signInWithEmailCode.execute({ email: 'ghost@example.com', otp: code, name: 'Ghost', client });
    expect(outcome).toMatchObject({ kind: 'session', user: { email: 'ghost@example.com', name: 'Ghost', emailVerified: true } });
  });

  it('verifies the email with a verification code, leaving the account as it was', async () => {
    const f = await withUser(false);
    await f.accounts.create({ id: 'a1', accountId: 'u1', providerId: 'credential', userId: 'u1', password: 'hashed:secret password', accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: f.clock.now(), updatedAt: f.clock.now() });
    await f.sendEmailCode.execute({ email: EMAIL, type: 'email-verification' });
    const { user, signIn } = await f.verifyEmailWithCode.execute({ email: EMAIL, otp: await f.codeFor(EMAIL), client });
    expect(user.emailVerified).toBe(true);
    expect(signIn).toBeNull();
    expect(f.claims).toEqual([]);
    expect(await f.accounts.findCredential('u1')).not.toBeNull();
  });
});
