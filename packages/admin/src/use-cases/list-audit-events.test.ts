import { SECOND } from '@tend/kernel';
import { newAuditEvent } from '../audit/audit-event.js';
import { adminFixture } from '../testing/admin-fixture.js';
import { ListAuditEvents } from './list-audit-events.js';

describe('ListAuditEvents', () => {
  it('pages the log newest first, by user and by action', async () => {
    const f = adminFixture();
    const actions = ['sign-in.success', 'user.ban', 'organization.member.add', 'organization.member.remove'] as const;
    for (const action of actions) {
      f.clock.advance(SECOND);
      await f.audit.record(newAuditEvent({ action, actorId: 'admin', targetUserId: action === 'user.ban' ? 'u1' : 'u2' }, f.clock.now()));
    }
    const list = new ListAuditEvents(f.audit);
    const actor = f.actor('admin');
    const all = await list.execute({ actor, limit: '2' });
    expect(all.events.map((e) => e.action)).toEqual(['organization.member.remove', 'organization.member.add']);
    expect(all).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect((await list.execute({ actor, userId: 'u1' })).events.map((e) => e.action)).toEqual(['user.ban']);
    expect((await list.execute({ actor, userId: 'admin' })).total).toBe(4);
    expect((await list.execute({ actor, action: 'organization.member.*' })).total).toBe(2);
    expect((await list.execute({ actor, action: 'user.ban', offset: 1 })).events).toEqual([]);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_LIST_USERS to a non-admin', async () => {
    const f = adminFixture();
    await expect(new ListAuditEvents(f.audit).execute({ actor: f.actor('user') })).rejects.toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS' });
  });
});
