import { adminFixture } from '../testing/admin-fixture.js';
import { RevokeUserSession } from './revoke-user-session.js';

describe('RevokeUserSession', () => {
  it('deletes one session of another user by token and records its owner, never the token', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const target = await f.seedUser();
    const first = await f.signIn(target);
    const second = await f.signIn(target);
    expect(await new RevokeUserSession(f.sessions, f.audit, f.clock).execute({ actor, sessionToken: first.session.token })).toEqual({ success: true });
    expect((await f.sessions.list(target.id)).map((s) => s.token)).toEqual([second.session.token]);
    const [event] = (await f.audit.list({ limit: 10, offset: 0 })).events;
    expect(event).toMatchObject({ action: 'session.revoke', targetUserId: target.id, detail: { sessionId: first.session.id } });
    expect(JSON.stringify(event)).not.toContain(first.session.token);
  });

  it('answers success for an unknown token, recording nothing', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    expect(await new RevokeUserSession(f.sessions, f.audit, f.clock).execute({ actor, sessionToken: 'x'.repeat(32) })).toEqual({ success: true });
    expect(await f.auditActions()).toEqual([]);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS to a non-admin and keeps the session', async () => {
    const f = adminFixture();
    const target = await f.seedUser();
    const { session } = await f.signIn(target);
    await expect(new RevokeUserSession(f.sessions, f.audit, f.clock).execute({ actor: f.actor('user'), sessionToken: session.token })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
    });
    expect(await f.sessions.resolve(session.token)).not.toBeNull();
  });
});
