import { identityFixture, tokenParam } from '../testing/identity-fixture.js';
import { ConfirmDeleteUser } from './confirm-delete-user.js';
import { DeleteUser, type DeleteUserSettings } from './delete-user.js';

function setup(settings: DeleteUserSettings = { sendDeleteAccountVerification: true }) {
  const f = identityFixture();
  const confirm = new ConfirmDeleteUser(f);
  return { f, confirm, deleteUser: new DeleteUser({ ...f, confirm }, settings) };
}

describe('DeleteUser', () => {
  it('deletes at once with the right password, and answers 400 INVALID_PASSWORD to a wrong one', async () => {
    const { f, deleteUser } = setup();
    const ada = await f.user({}, 'the password');
    const session = await f.issuer.create({ userId: ada.id });
    await expect(deleteUser.execute({ user: ada, session, password: 'not the password' })).rejects.toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
    expect(await deleteUser.execute({ user: ada, session, password: 'the password' })).toBe('deleted');
    expect(f.tables.users.has(ada.id)).toBe(false);
  });

  it('without a password, mails a user who has none a one-day link whose token deletes the account', async () => {
    const { f, deleteUser, confirm } = setup();
    const ada = await f.user({}, null);
    const session = await f.issuer.create({ userId: ada.id });
    expect(await deleteUser.execute({ user: ada, session, callbackURL: '/bye' })).toBe('mail-sent');
    const [mail] = await f.mailsTo(ada.email);
    expect(mail).toMatchObject({ purpose: 'delete-account' });
    await confirm.execute({ token: tokenParam(mail!.links[0]), userId: ada.id });
    expect(f.tables.users.has(ada.id)).toBe(false);
  });

  it('without a password, refuses a user who has one (a stolen session must not skip it)', async () => {
    const { f, deleteUser } = setup();
    const ada = await f.user();
    const session = await f.issuer.create({ userId: ada.id });
    await expect(deleteUser.execute({ user: ada, session })).rejects.toMatchObject({ code: 'USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT' });
    await f.delivery.idle();
    expect(f.outbox.list()).toEqual([]);
  });

  it('with mailed links off, deletes on a fresh session and answers 403 on a stale one', async () => {
    const { f, deleteUser } = setup({ sendDeleteAccountVerification: false });
    const ada = await f.user();
    const session = await f.issuer.create({ userId: ada.id });
    f.clock.advance(f.sessions.config.freshAge * 1000 + 1000);
    await expect(deleteUser.execute({ user: ada, session })).rejects.toMatchObject({ status: 403, code: 'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION' });
    const fresh = await f.issuer.create({ userId: ada.id });
    expect(await deleteUser.execute({ user: ada, session: fresh })).toBe('deleted');
  });

  it('with mailed links off and freshness disabled, answers 400 USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN', async () => {
    const f = identityFixture({ sessionConfig: { freshAge: 0 } });
    const deleteUser = new DeleteUser({ ...f, confirm: new ConfirmDeleteUser(f) }, { sendDeleteAccountVerification: false });
    const ada = await f.user();
    await expect(deleteUser.execute({ user: ada, session: await f.issuer.create({ userId: ada.id }) })).rejects.toMatchObject({
      code: 'USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN',
    });
  });
});
