import { identityFixture } from '../testing/identity-fixture.js';
import { SetPassword } from './set-password.js';

describe('SetPassword', () => {
  it('gives a user without a password a credential account', async () => {
    const f = identityFixture();
    const ada = await f.user({}, null);
    await new SetPassword(f).execute({ userId: ada.id, newPassword: 'a server password' });
    expect(await f.accounts.findCredential(ada.id)).toMatchObject({ accountId: ada.id, password: 'plain:a server password', createdAt: f.clock.now() });
  });

  it('answers 400 USER_ALREADY_HAS_A_PASSWORD and leaves the password alone', async () => {
    const f = identityFixture();
    const ada = await f.user({}, 'the first password');
    await expect(new SetPassword(f).execute({ userId: ada.id, newPassword: 'a server password' })).rejects.toMatchObject({
      status: 400,
      code: 'USER_ALREADY_HAS_A_PASSWORD',
      message: 'user already has a password',
    });
    expect((await f.accounts.findCredential(ada.id))?.password).toBe('plain:the first password');
  });

  it('checks the password rules', async () => {
    const f = identityFixture();
    const ada = await f.user({}, null);
    await expect(new SetPassword(f).execute({ userId: ada.id, newPassword: 'short' })).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});
