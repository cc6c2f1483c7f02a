import { CommonPasswords, DEFAULT_PASSWORD_POLICY } from '@tend/identity';
import { adminFixture } from '../testing/admin-fixture.js';
import { SetUserPassword } from './set-user-password.js';

describe('SetUserPassword', () => {
  const setup = (config = {}) => {
    const f = adminFixture();
    return { f, setPassword: new SetUserPassword(f.users, f.accounts, f.hasher, f.sessions, f.audit, f.clock, config) };
  };

  it('replaces the credential password and signs the user out everywhere', async () => {
    const { f, setPassword } = setup();
    const { actor, session: adminSession } = await f.admin();
    const target = await f.seedUser();
    await f.signIn(target);
    expect(await setPassword.execute({ actor, userId: target.id, newPassword: 'a new long password' })).toEqual({ status: true });
    expect((await f.accounts.findCredential(target.id))?.password).toBe('plain:a new long password');
    expect(await f.sessions.list(target.id)).toEqual([]);
    expect(await f.sessions.resolve(adminSession.token)).not.toBeNull();
    const [event] = (await f.audit.list({ limit: 1, offset: 0 })).events;
    expect(event).toMatchObject({ action: 'user.password.set', targetUserId: target.id, detail: null });
  });

  it('creates the credential account of a user who had none', async () => {
    const { f, setPassword } = setup();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const credential = await f.accounts.findCredential(target.id);
    await f.accounts.delete(credential!.id);
    await setPassword.execute({ actor, userId: target.id, newPassword: 'a new long password' });
    expect(await f.accounts.findCredential(target.id)).toMatchObject({ accountId: target.id, providerId: 'credential', password: 'plain:a new long password' });
  });

  it('applies the password policy: length and the common-password list', async () => {
    const { f, setPassword } = setup({ passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, commonPasswords: new CommonPasswords(['letmein123']) } });
    const { actor } = await f.admin();
    const target = await f.seedUser();
    await expect(setPassword.execute({ actor, userId: target.id, newPassword: 'short' })).rejects.toMatchObject({ status: 400, code: 'PASSWORD_TOO_SHORT' });
    await expect(setPassword.execute({ actor, userId: target.id, newPassword: 'y'.repeat(129) })).rejects.toMatchObject({ status: 400, code: 'PASSWORD_TOO_LONG' });
    await expect(setPassword.execute({ actor, userId: target.id, newPassword: 'LetMeIn123' })).rejects.toMatchObject({ status: 400, code: 'PASSWORD_COMPROMISED' });
    expect((await f.accounts.findCredential(target.id))?.password).toBe('plain:old password');
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const { f, setPassword } = setup();
    await expect(setPassword.execute({ actor: f.actor('admin'), userId: 'missing', newPassword: 'a new long password' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD to a non-admin', async () => {
    const { f, setPassword } = setup();
    const target = await f.seedUser();
    await expect(setPassword.execute({ actor: f.actor('user'), userId: target.id, newPassword: 'a new long password' })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
      message: 'You are not allowed to set users password',
    });
    expect((await f.accounts.findCredential(target.id))?.password).toBe('plain:old password');
  });
});
