import { DAY } from '@tend/kernel';
import { adminFixture } from '../testing/admin-fixture.js';
import { ImpersonateUser } from './impersonate-user.js';
import { ListUserSessions } from './list-user-sessions.js';

describe('ListUserSessions', () => {
  it('lists every live session of the user, impersonation sessions included', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const own = await f.signIn(target);
    const { session: impersonation } = await new ImpersonateUser(f.users, f.signIns, f.audit, f.clock).execute({ actor, userId: target.id });
    const { sessions } = await new ListUserSessions(f.sessions).execute({ actor, userId: target.id });
    expect(sessions.map((s) => s.token).sort()).toEqual([own.session.token, impersonation.token].sort());
    expect(sessions.find((s) => s.token === impersonation.token)?.impersonatedBy).toBe(actor.userId);
  });

  it('leaves out expired sessions and answers an empty list for an unknown user', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    await f.signIn(target);
    f.clock.advance(8 * DAY);
    expect((await new ListUserSessions(f.sessions).execute({ actor: f.actor('admin'), userId: target.id })).sessions).toEqual([]);
    expect((await new ListUserSessions(f.sessions).execute({ actor, userId: 'missing' })).sessions).toEqual([]);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS to a non-admin', async () => {
    const f = adminFixture();
    await expect(new ListUserSessions(f.sessions).execute({ actor: f.actor('user'), userId: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS',
      message: 'You are not allowed to list users sessions',
    });
  });
});
