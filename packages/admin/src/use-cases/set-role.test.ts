import { adminFixture } from '../testing/admin-fixture.js';
import { SetRole } from './set-role.js';

describe('SetRole', () => {
  it('stores a role array comma-joined and records the change', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const { user } = await new SetRole(f.users, f.audit, f.clock).execute({ actor, userId: target.id, role: ['admin', ' coach'] });
    expect(user.role).toBe('admin,coach');
    expect((await f.users.findById(target.id))?.role).toBe('admin,coach');
    const [event] = (await f.audit.list({ limit: 10, offset: 0 })).events;
    expect(event).toMatchObject({ action: 'user.role.change', actorId: actor.userId, targetUserId: target.id, ipAddress: '203.0.113.9', detail: { from: 'user', to: 'admin,coach' } });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE for a non-admin', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    await expect(new SetRole(f.users, f.audit, f.clock).execute({ actor: f.actor('user'), userId: target.id, role: 'admin' })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
      message: 'You are not allowed to change users role',
    });
    expect((await f.users.findById(target.id))?.role).toBe('user');
  });

  it('lets a user id of the admin list change roles whatever its role', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    const actor = f.actor('user', 'root');
    await new SetRole(f.users, f.audit, f.clock, { adminUserIds: ['root'] }).execute({ actor, userId: target.id, role: 'admin' });
    expect((await f.users.findById(target.id))?.role).toBe('admin');
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const f = adminFixture();
    await expect(new SetRole(f.users, f.audit, f.clock).execute({ actor: f.actor('admin'), userId: 'missing', role: 'user' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });

  it('answers 400 for an empty role, and for a role outside assignableRoles when configured', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    const setRole = new SetRole(f.users, f.audit, f.clock, { assignableRoles: ['admin', 'user'] });
    await expect(setRole.execute({ actor: f.actor('admin'), userId: target.id, role: ' , ' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    await expect(setRole.execute({ actor: f.actor('admin'), userId: target.id, role: ['user', 'wizard'] })).rejects.toMatchObject({
      status: 400,
      code: 'YOU_ARE_NOT_ALLOWED_TO_SET_A_NON_EXISTENT_ROLE_VALUE',
    });
    await expect(new SetRole(f.users, f.audit, f.clock).execute({ actor: f.actor('admin'), userId: target.id, role: 'coach' })).resolves.toMatchObject({ user: { role: 'coach' } });
  });
});
