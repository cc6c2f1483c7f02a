import { identityFixture } from '../testing/identity-fixture.js';
import { DELETE_ACCOUNT_EXPIRES_IN } from '../verification-values.js';
import { ConfirmDeleteUser } from './confirm-delete-user.js';

async function setup() {
  const f = identityFixture();
  const ada = await f.user();
  const token = 'a'.repeat(32);
  const now = f.clock.now();
  await f.verifications.create({ id: 'v1', identifier: `delete-account-${token}`, value: ada.id, expiresAt: new Date(now.getTime() + DELETE_ACCOUNT_EXPIRES_IN * 1000), createdAt: now, updatedAt: now });
  return { f, ada, token, confirm: new ConfirmDeleteUser(f) };
}

describe('ConfirmDeleteUser', () => {
  it('deletes the user the token names, with their sessions and accounts, once', async () => {
    const { f, ada, token, confirm } = await setup();
    await f.issuer.create({ userId: ada.id });
    expect(await confirm.execute({ token, userId: ada.id })).toMatchObject({ id: ada.id });
    expect(f.tables.users.has(ada.id)).toBe(false);
    expect(f.tables.sessions.size).toBe(0);
    expect(await f.accounts.listByUser(ada.id)).toEqual([]);
    await expect(confirm.execute({ token })).rejects.toMatchObject({ status: 400, code: 'INVALID_TOKEN' });
  });

  it("refuses another signed-in user's token without consuming it", async () => {
    const { f, ada, token, confirm } = await setup();
    const grace = await f.user();
    await expect(confirm.execute({ token, userId: grace.id })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await confirm.execute({ token })).toMatchObject({ id: ada.id });
  });

  it('refuses an expired token and one not shaped like ours', async () => {
    const { f, confirm, token } = await setup();
    await expect(confirm.execute({ token: 'Not-ours' })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    f.clock.advance(DELETE_ACCOUNT_EXPIRES_IN * 1000 + 1);
    await expect(confirm.execute({ token })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
