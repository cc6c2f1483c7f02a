import { adminFixture } from '../testing/admin-fixture.js';
import { UnbanUser } from './unban-user.js';

describe('UnbanUser', () => {
  it('unbans by clearing banned, banReason and banExpires', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser({ banned: true, banReason: 'spam', banExpires: new Date(Date.UTC(2030, 0, 1)) });
    const { user } = await new UnbanUser(f.users, f.audit, f.clock).execute({ actor, userId: target.id });
    expect(user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect(await f.auditActions()).toEqual(['user.unban']);
    await expect(new UnbanUser(f.users, f.audit, f.clock).execute({ actor, userId: 'missing' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_BAN_USERS to a non-admin', async () => {
    const f = adminFixture();
    const target = await f.seedUser({ banned: true });
    await expect(new UnbanUser(f.users, f.audit, f.clock).execute({ actor: f.actor('user'), userId: target.id })).rejects.toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS' });
    expect((await f.users.findById(target.id))?.banned).toBe(true);
  });
});
