import { assertNotBanned } from '@tend/identity';
import { HOUR } from '@tend/kernel';
import { adminFixture } from '../testing/admin-fixture.js';
import { BanUser } from './ban-user.js';

describe('BanUser', () => {
  it('bans with the default reason "No reason" and no expiry, and deletes every session of the user', async () => {
    const f = adminFixture();
    const { actor, session: adminSession } = await f.admin();
    const target = await f.seedUser();
    await f.signIn(target);
    await f.signIn(target);
    const { user } = await new BanUser(f.users, f.sessions, f.audit, f.clock).execute({ actor, userId: target.id });
    expect(user).toMatchObject({ banned: true, banReason: 'No reason', banExpires: null });
    expect(await f.sessions.list(target.id)).toEqual([]);
    expect(await f.sessions.resolve(adminSession.token)).not.toBeNull();
    await expect(assertNotBanned(user, f.users, f.clock)).rejects.toMatchObject({ status: 403, code: 'BANNED_USER' });
    expect(await f.auditActions()).toEqual(['user.ban']);
  });

  it('stores the reason and an expiry banExpiresIn seconds ahead, after which sign-in clears the ban', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const { user } = await new BanUser(f.users, f.sessions, f.audit, f.clock).execute({ actor, userId: target.id, banReason: 'spam', banExpiresIn: 3600 });
    expect(user).toMatchObject({ banned: true, banReason: 'spam', banExpires: new Date(f.clock.now().getTime() + HOUR) });
    f.clock.advance(HOUR);
    expect(await assertNotBanned(user, f.users, f.clock)).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it('uses the configured default reason and length', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const { user } = await new BanUser(f.users, f.sessions, f.audit, f.clock, { defaultBanReason: 'Rules', defaultBanExpiresIn: 60 }).execute({ actor, userId: target.id, banReason: '' });
    expect(user).toMatchObject({ banReason: 'Rules', banExpires: new Date(f.clock.now().getTime() + 60_000) });
  });

  it('answers 400 YOU_CANNOT_BAN_YOURSELF', async () => {
    const f = adminFixture();
    const { actor, user } = await f.admin();
    await expect(new BanUser(f.users, f.sessions, f.audit, f.clock).execute({ actor, userId: user.id })).rejects.toMatchObject({
      status: 400,
      code: 'YOU_CANNOT_BAN_YOURSELF',
      message: 'You cannot ban yourself',
    });
    expect((await f.users.findById(user.id))?.banned).toBe(false);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_BAN_USERS to a non-admin', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    await f.signIn(target);
    const denied = { status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', message: 'You are not allowed to ban users' };
    await expect(new BanUser(f.users, f.sessions, f.audit, f.clock).execute({ actor: f.actor('user'), userId: target.id })).rejects.toMatchObject(denied);
    expect((await f.users.findById(target.id))?.banned).toBe(false);
    expect(await f.sessions.list(target.id)).toHaveLength(1);
  });

  it('answers 404 USER_NOT_FOUND for an unknown user, and 400 for a non-positive banExpiresIn', async () => {
    const f = adminFixture();
    const ban = new BanUser(f.users, f.sessions, f.audit, f.clock);
    await expect(ban.execute({ actor: f.actor('admin'), userId: 'missing' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
    const target = await f.seedUser();
    await expect(ban.execute({ actor: f.actor('admin'), userId: target.id, banExpiresIn: -5 })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
