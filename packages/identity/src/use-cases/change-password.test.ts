import { UNKNOWN_CLIENT } from '../sign-in/proof.js';
import { identityFixture } from '../testing/identity-fixture.js';
import { ChangePassword } from './change-password.js';

const change = (f: ReturnType<typeof identityFixture>) => new ChangePassword(f);

describe('ChangePassword', () => {
  it('needs the current password (400 INVALID_PASSWORD) and then stores the new one, keeping the sessions', async () => {
    const f = identityFixture();
    const ada = await f.user({}, 'the old password');
    const session = await f.issuer.create({ userId: ada.id });
    await expect(change(f).execute({ user: ada, currentPassword: 'wrong password', newPassword: 'the new password', client: UNKNOWN_CLIENT })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PASSWORD',
    });
    expect(await change(f).execute({ user: ada, currentPassword: 'the old password', newPassword: 'the new password', client: UNKNOWN_CLIENT })).toEqual({ signIn: null });
    expect((await f.accounts.findCredential(ada.id))?.password).toBe('plain:the new password');
    expect(await f.sessions.resolve(session.token)).not.toBeNull();
  });

  it('with revokeOtherSessions, replaces every session by a new one vouched for (no sign-in event)', async () => {
    const f = identityFixture();
    const ada = await f.user({}, 'the old password');
    const old = await f.issuer.create({ userId: ada.id });
    const { signIn } = await change(f).execute({ user: ada, currentPassword: 'the old password', newPassword: 'the new password', revokeOtherSessions: true, client: UNKNOWN_CLIENT });
    expect(signIn?.session.userId).toBe(ada.id);
    expect(await f.sessions.resolve(old.token)).toBeNull();
    expect(await f.sessions.resolve(signIn!.session.token)).not.toBeNull();
    expect(f.events).toEqual([]);
  });

  it('answers 400 CREDENTIAL_ACCOUNT_NOT_FOUND for a user without a password, and checks the rules first', async () => {
    const f = identityFixture();
    const ada = await f.user({}, null);
    await expect(change(f).execute({ user: ada, currentPassword: 'x', newPassword: 'the new password', client: UNKNOWN_CLIENT })).rejects.toMatchObject({ code: 'CREDENTIAL_ACCOUNT_NOT_FOUND' });
    await expect(change(f).execute({ user: ada, currentPassword: 'x', newPassword: 'short', client: UNKNOWN_CLIENT })).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});
