import { adminFixture } from '../testing/admin-fixture.js';
import { HasPermission } from './has-permission.js';

describe('HasPermission', () => {
  it('checks the caller of a session, whatever userId or role the body names', async () => {
    const f = adminFixture();
    const check = new HasPermission(f.users);
    expect(await check.execute({ actor: f.actor('admin'), permissions: { user: ['ban'] } })).toEqual({ error: null, success: true });
    expect(await check.execute({ actor: f.actor('user'), role: 'admin', permissions: { user: ['ban'] } })).toEqual({ error: null, success: false });
  });

  it('accepts the older field name `permission`', async () => {
    const f = adminFixture();
    expect(await new HasPermission(f.users).execute({ actor: f.actor('admin'), permission: { session: ['revoke'] } })).toEqual({ error: null, success: true });
  });

  it('without a session checks a role, or a stored user, or a listed admin id', async () => {
    const f = adminFixture();
    const check = new HasPermission(f.users, { adminUserIds: ['root'] });
    const admin = await f.seedUser({ role: 'admin' });
    const plain = await f.seedUser();
    expect((await check.execute({ role: 'admin', permissions: { user: ['list'] } })).success).toBe(true);
    expect((await check.execute({ userId: admin.id, permissions: { user: ['list'] } })).success).toBe(true);
    expect((await check.execute({ userId: plain.id, permissions: { user: ['list'] } })).success).toBe(false);
    expect((await check.execute({ userId: 'root', role: 'user', permissions: { user: ['list'] } })).success).toBe(true);
    await expect(check.execute({ userId: 'missing', permissions: { user: ['list'] } })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
    await expect(check.execute({ permissions: { user: ['list'] } })).rejects.toMatchObject({ status: 400, code: 'USER_ID_OR_ROLE_IS_REQUIRED' });
  });

  it.each([[{}], [{ permissions: null }], [{ permissions: {} }]])('answers 400 INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED for %j', async (body) => {
    const f = adminFixture();
    await expect(new HasPermission(f.users).execute({ actor: f.actor('admin'), ...body })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED',
      message: 'invalid permission check. no permission(s) were passed.',
    });
  });
});
