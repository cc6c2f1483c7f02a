import { HOUR, SECOND } from '@tend/kernel';
import { actorOf } from '../actor.js';
import { adminFixture } from '../testing/admin-fixture.js';
import { ImpersonateUser } from './impersonate-user.js';
import { StopImpersonating } from './stop-impersonating.js';

describe('ImpersonateUser', () => {
  it('creates a one-hour session of the target marked impersonatedBy the admin, and stops it', async () => {
    const f = adminFixture();
    const { actor, user: admin, session: adminSession } = await f.admin();
    const target = await f.seedUser();
    const { session, user } = await new ImpersonateUser(f.users, f.signIns, f.audit, f.clock).execute({ actor, userId: target.id });
    expect(user.id).toBe(target.id);
    expect(session).toMatchObject({ userId: target.id, impersonatedBy: admin.id, expiresAt: new Date(f.clock.now().getTime() + HOUR) });

    const impersonating = await f.sessions.resolve(session.token, { dontRemember: true });
    const restored = await new StopImpersonating(f.users, f.sessions, f.audit, f.clock).execute({ actor: actorOf(impersonating!), adminSessionToken: adminSession.token });
    expect(restored.session.token).toBe(adminSession.token);
    expect(restored.user.id).toBe(admin.id);
    expect(await f.sessions.resolve(session.token)).toBeNull();
    expect(new Set(await f.auditActions())).toEqual(new Set(['impersonation.start', 'impersonation.stop']));
    const stop = (await f.audit.list({ action: 'impersonation.stop', limit: 1, offset: 0 })).events[0];
    expect(stop).toMatchObject({ actorId: admin.id, targetUserId: target.id });
  });

  it('lasts the configured impersonation duration', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const { session } = await new ImpersonateUser(f.users, f.signIns, f.audit, f.clock, { impersonationSessionDuration: 600 }).execute({ actor, userId: target.id });
    expect(session.expiresAt.getTime() - f.clock.now().getTime()).toBe(600 * SECOND);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS to a non-admin', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    await expect(new ImpersonateUser(f.users, f.signIns, f.audit, f.clock).execute({ actor: f.actor('user'), userId: target.id })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
    });
    expect(await f.sessions.list(target.id)).toEqual([]);
  });

  it('answers 403 YOU_CANNOT_IMPERSONATE_ADMINS for another admin unless allowed', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const other = await f.seedUser({ role: 'user,admin' });
    const listed = await f.seedUser({ role: 'user' });
    const impersonate = new ImpersonateUser(f.users, f.signIns, f.audit, f.clock, { adminUserIds: [listed.id] });
    await expect(impersonate.execute({ actor, userId: other.id })).rejects.toMatchObject({ status: 403, code: 'YOU_CANNOT_IMPERSONATE_ADMINS' });
    await expect(impersonate.execute({ actor, userId: listed.id })).rejects.toMatchObject({ status: 403, code: 'YOU_CANNOT_IMPERSONATE_ADMINS' });
    const allowed = new ImpersonateUser(f.users, f.signIns, f.audit, f.clock, { allowImpersonatingAdmins: true });
    await expect(allowed.execute({ actor, userId: other.id })).resolves.toMatchObject({ user: { id: other.id } });
  });

  it('refuses a banned target with 403 BANNED_USER, as any session creation does', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser({ banned: true, banReason: 'spam' });
    await expect(new ImpersonateUser(f.users, f.signIns, f.audit, f.clock).execute({ actor, userId: target.id })).rejects.toMatchObject({ status: 403, code: 'BANNED_USER' });
  });

  it('answers 404 USER_NOT_FOUND for an unknown target', async () => {
    const f = adminFixture();
    await expect(new ImpersonateUser(f.users, f.signIns, f.audit, f.clock).execute({ actor: f.actor('admin'), userId: 'missing' })).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
  });
});
