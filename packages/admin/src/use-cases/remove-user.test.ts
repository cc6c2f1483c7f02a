import { adminFixture } from '../testing/admin-fixture.js';
import { RemoveUser } from './remove-user.js';

describe('RemoveUser', () => {
  it('deletes the user with sessions, accounts and registered tables, and answers 404 the second time', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    await f.signIn(target);
    // Another package's table with a cascade on users, as organizations registers its members.
    const members = f.tables.table<{ userId: string }>('members');
    members.set('m1', { userId: target.id });
    f.tables.onDelete('users', (userId) => {
      for (const [id, member] of members) if (member.userId === userId) members.delete(id);
    });
    const remove = new RemoveUser(f.users, f.directory, f.audit, f.clock);
    expect(await remove.execute({ actor, userId: target.id })).toEqual({ success: true });
    expect(await f.users.findById(target.id)).toBeNull();
    expect(await f.sessions.list(target.id)).toEqual([]);
    expect(await f.accounts.listByUser(target.id)).toEqual([]);
    expect(members.size).toBe(0);
    await expect(remove.execute({ actor, userId: target.id })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
    const [event] = (await f.audit.list({ userId: target.id, limit: 10, offset: 0 })).events;
    expect(event).toMatchObject({ action: 'user.remove', targetUserId: target.id, detail: { email: target.email } });
  });

  it('lets exactly one of two parallel removals succeed', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const remove = new RemoveUser(f.users, f.directory, f.audit, f.clock);
    const results = await Promise.allSettled([remove.execute({ actor, userId: target.id }), remove.execute({ actor, userId: target.id })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 404, code: 'USER_NOT_FOUND' } });
  });

  it('answers 400 YOU_CANNOT_REMOVE_YOURSELF', async () => {
    const f = adminFixture();
    const { actor, user } = await f.admin();
    await expect(new RemoveUser(f.users, f.directory, f.audit, f.clock).execute({ actor, userId: user.id })).rejects.toMatchObject({ status: 400, code: 'YOU_CANNOT_REMOVE_YOURSELF' });
    expect(await f.users.findById(user.id)).not.toBeNull();
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS to a non-admin', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    await expect(new RemoveUser(f.users, f.directory, f.audit, f.clock).execute({ actor: f.actor('user'), userId: target.id })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS',
      message: 'You are not allowed to delete users',
    });
    expect(await f.users.findById(target.id)).not.toBeNull();
  });
});
