import { UNKNOWN_CLIENT } from '../sign-in/proof.js';
import { identityFixture } from '../testing/identity-fixture.js';
import { EMAIL_VERIFICATION_EXPIRES_IN } from '../verification-values.js';
import { VerifyEmail } from './verify-email.js';

const client = UNKNOWN_CLIENT;

describe('VerifyEmail', () => {
  it('marks the address verified, and with auto sign-in signs the user in through the completion', async () => {
    const f = identityFixture();
    const ada = await f.user();
    const { token } = await f.tokens.create({ email: ada.email });
    const plain = await new VerifyEmail(f).execute({ token, current: null, client });
    expect(plain).toEqual({ user: expect.objectContaining({ id: ada.id, emailVerified: true }), signIn: null });

    const grace = await f.user();
    const second = await f.tokens.create({ email: grace.email });
    const { signIn } = await new VerifyEmail(f, { autoSignInAfterVerification: true }).execute({ token: second.token, current: null, client, callbackURL: '/home' });
    expect(signIn).toMatchObject({ kind: 'session', session: { userId: grace.id } });
    expect(f.events).toEqual([expect.objectContaining({ action: 'sign-in.success', userId: grace.id, detail: { method: 'email-verification' } })]);
  });

  it('answers the spec redirect codes: token_expired, invalid_token, user_not_found', async () => {
    const f = identityFixture();
    const verify = new VerifyEmail(f);
    const gone = await f.tokens.create({ email: 'nobody@example.com' });
    await expect(verify.execute({ token: gone.token, current: null, client })).rejects.toMatchObject({ code: 'USER_NOT_FOUND', message: 'user_not_found' });
    await expect(verify.execute({ token: 'garbage', current: null, client })).rejects.toMatchObject({ code: 'INVALID_TOKEN', message: 'invalid_token' });
    const ada = await f.user();
    const late = await f.tokens.create({ email: ada.email });
    f.clock.advance(EMAIL_VERIFICATION_EXPIRES_IN * 1000 + 1000);
    await expect(verify.execute({ token: late.token, current: null, client })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', message: 'token_expired' });
  });

  it('changes the address of a change-email token only for its signed-in owner, and mails the new address', async () => {
    const f = identityFixture();
    const ada = await f.user({ emailVerified: true });
    const session = await f.issuer.create({ userId: ada.id });
    const { token } = await f.tokens.create({ email: ada.email, updateTo: 'new@example.com' });
    const verify = new VerifyEmail(f);
    await expect(verify.execute({ token, current: null, client })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const { user } = await verify.execute({ token, current: { session, user: ada }, client });
    expect(user).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(await f.mailsTo('new@example.com')).toEqual([expect.objectContaining({ purpose: 'verification' })]);
  });
});
