import { adminFixture } from '../testing/admin-fixture.js';
import { RevokeUserSessions } from './revoke-user-sessions.js';

describe('RevokeUserSessions', () => {
  it('deletes every session of the user and only theirs', async () => {
    const f = adminFixture();
    const { actor, session: adminSession } = await f.admin();
    const target = await f.seedUser();
    await f.signIn(target);
    await f.signIn(target);
    expect(await new RevokeUserSessions(f.sessions, f.audit, f.clock).execute({ actor, userId: target.id })).toEqual({ success: true });
    expect(await f.sessions.list(target.id)).toEqual([]);
    expect(await f.sessions.resolve(adminSession.token)).not.toBeNull();
    expect(await f.auditActions()).toEqual(['session.revoke']);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS to a non-admin', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    await f.signIn(target);
    await expect(new RevokeUserSessions(f.sessions, f.audit, f.clock).execute({ actor: f.actor('user'), userId: target.id })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
      message: 'You are not allowed to revoke users sessions',
    });
    expect(await f.sessions.list(target.id)).toHaveLength(1);
  });
});
