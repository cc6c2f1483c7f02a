import { actorOf } from '../actor.js';
import { adminFixture } from '../testing/admin-fixture.js';
import { ImpersonateUser } from './impersonate-user.js';
import { StopImpersonating } from './stop-impersonating.js';

describe('StopImpersonating', () => {
  async function impersonating() {
    const f = adminFixture();
    const admin = await f.admin();
    const target = await f.seedUser();
    const { session } = await new ImpersonateUser(f.users, f.signIns, f.audit, f.clock).execute({ actor: admin.actor, userId: target.id });
    const resolved = await f.sessions.resolve(session.token, { dontRemember: true });
    const stop = new StopImpersonating(f.users, f.sessions, f.audit, f.clock);
    return { f, admin, target, session, actor: actorOf(resolved!), stop };
  }

  it('answers 400 YOU_ARE_NOT_IMPERSONATING_ANYONE for an ordinary session', async () => {
    const f = adminFixture();
    const { actor, session } = await f.admin();
    await expect(new StopImpersonating(f.users, f.sessions, f.audit, f.clock).execute({ actor, adminSessionToken: session.token })).rejects.toMatchObject({
      status: 400,
      code: 'YOU_ARE_NOT_IMPERSONATING_ANYONE',
      message: 'You are not impersonating anyone',
    });
  });

  it('answers FAILED_TO_FIND_ADMIN_SESSION when the kept admin session is missing, gone or someone else\'s', async () => {
    const { f, admin, actor, stop, session } = await impersonating();
    const failed = { status: 500, code: 'FAILED_TO_FIND_ADMIN_SESSION', message: 'Failed to find admin session' };
    await expect(stop.execute({ actor, adminSessionToken: null })).rejects.toMatchObject(failed);
    const stranger = await f.signIn(await f.seedUser());
    await expect(stop.execute({ actor, adminSessionToken: stranger.session.token })).rejects.toMatchObject(failed);
    await f.sessions.delete(admin.session.token);
    await expect(stop.execute({ actor, adminSessionToken: admin.session.token })).rejects.toMatchObject(failed);
    expect(await f.sessions.resolve(session.token, { dontRemember: true })).not.toBeNull();
  });

  it('answers FAILED_TO_FIND_USER when the admin was removed meanwhile', async () => {
    const { f, admin, actor, stop } = await impersonating();
    await f.users.delete(admin.user.id);
    await expect(stop.execute({ actor, adminSessionToken: admin.session.token })).rejects.toMatchObject({ status: 500, code: 'FAILED_TO_FIND_USER', message: 'Failed to find user' });
  });
});
