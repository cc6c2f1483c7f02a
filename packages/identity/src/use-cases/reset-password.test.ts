import { identityFixture } from '../testing/identity-fixture.js';
import { RequestPasswordReset } from './request-password-reset.js';
import { ResetPassword } from './reset-password.js';

async function setup(password: string | null = 'old password!') {
  const f = identityFixture();
  const ada = await f.user({}, password);
  await new RequestPasswordReset(f).execute({ email: ada.email });
  const [mail] = await f.mailsTo(ada.email);
  const token = new URL(mail!.links[0]!).pathname.split('/').pop()!;
  return { f, ada, token, reset: new ResetPassword(f) };
}

describe('ResetPassword', () => {
  it('sets the new password, consumes the token and signs the user out everywhere', async () => {
    const { f, ada, token, reset } = await setup();
    const session = await f.issuer.create({ userId: ada.id });
    await reset.execute({ token, newPassword: 'a brand new password' });
    expect((await f.accounts.findCredential(ada.id))?.password).toBe('plain:a brand new password');
    expect(await f.sessions.resolve(session.token)).toBeNull();
    await expect(reset.execute({ token, newPassword: 'another new password' })).rejects.toMatchObject({ status: 400, code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('creates the credential account of a user who had none', async () => {
    const { f, ada, token, reset } = await setup(null);
    await reset.execute({ token, newPassword: 'a brand new password' });
    expect(await f.accounts.findCredential(ada.id)).toMatchObject({ providerId: 'credential', accountId: ada.id, password: 'plain:a brand new password' });
  });

  it('lets one of two parallel resets with one token win', async () => {
    const { token, reset } = await setup();
    const results = await Promise.allSettled([reset.execute({ token, newPassword: 'first new password' }), reset.execute({ token, newPassword: 'second new password' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('checks the password rules and the token before any work', async () => {
    const { reset, token } = await setup();
    await expect(reset.execute({ token, newPassword: 'short' })).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    await expect(reset.execute({ newPassword: 'a brand new password' })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    await expect(reset.execute({ token: 'x'.repeat(24), newPassword: 'a brand new password' })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
