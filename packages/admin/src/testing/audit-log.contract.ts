import { uuid } from '@tend/kernel';
import { newAuditEvent, type AuditAction, type AuditEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';

export interface AuditLogHarness {
  log: AuditLog;
  close(): Promise<void>;
}

const t0 = Date.UTC(2026, 0, 1);

/** The behaviour every AuditLog adapter must have: faithful storage, newest first, filters, paging with totals. */
export function auditLogContract(name: string, open: () => Promise<AuditLogHarness>): void {
  describe(`AuditLog contract: ${name}`, () => {
    let h: AuditLogHarness;
    beforeEach(async () => {
      h = await open();
    });
    afterEach(() => h.close());

    const record = async (action: AuditAction, minute: number, fields: Partial<AuditEvent> = {}) => {
      const event = { ...newAuditEvent({ action, actorId: 'admin-1', targetUserId: 'user-1' }, new Date(t0 + minute * 60_000)), ...fields };
      await h.log.record(event);
      return event;
    };

    it('stores every field and answers it back', async () => {
      const event = await record('user.ban', 1, { organizationId: 'org-1', ipAddress: '203.0.113.9', userAgent: 'jest', detail: { reason: 'spam', nested: { n: 1, list: [true, null] } } });
      const bare = await record('sign-in.failure', 2, { actorId: null, targetUserId: null, detail: null });
      const { events, total } = await h.log.list({ limit: 10, offset: 0 });
      expect(total).toBe(2);
      expect(events).toEqual([bare, event]);
    });

    it('keeps events of users that do not (or no longer) exist', async () => {
      await record('user.remove', 1, { actorId: uuid(), targetUserId: uuid() });
      expect((await h.log.list({ limit: 10, offset: 0 })).total).toBe(1);
    });

    it('lists newest first, events of the same moment by id, and pages with the total', async () => {
      const a = await record('user.ban', 1, { id: 'a' });
      const b = await record('user.unban', 2, { id: 'b' });
      const c = await record('user.unban', 2, { id: 'c' });
      const first = await h.log.list({ limit: 2, offset: 0 });
      const second = await h.log.list({ limit: 2, offset: 2 });
      expect(first.events.map((e) => e.id)).toEqual([c.id, b.id]);
      expect(second.events.map((e) => e.id)).toEqual([a.id]);
      expect([first.total, second.total]).toEqual([3, 3]);
    });

    it('filters by a user, as actor or as target', async () => {
      await record('user.ban', 1, { actorId: 'x', targetUserId: 'y' });
      await record('sign-in.success', 2, { actorId: 'y', targetUserId: 'y' });
      await record('session.revoke', 3, { actorId: 'z', targetUserId: 'w' });
      expect((await h.log.list({ userId: 'y', limit: 10, offset: 0 })).events.map((e) => e.action)).toEqual(['sign-in.success', 'user.ban']);
      expect((await h.log.list({ userId: 'x', limit: 10, offset: 0 })).total).toBe(1);
      expect((await h.log.list({ userId: 'nobody', limit: 10, offset: 0 })).total).toBe(0);
    });

    it('filters by an action or a family of actions', async () => {
      await record('sign-in.success', 1);
      await record('sign-in.failure', 2);
      await record('sign-out', 3);
      await record('organization.member.add', 4, { targetUserId: 'other' });
      expect((await h.log.list({ action: 'sign-out', limit: 10, offset: 0 })).total).toBe(1);
      expect((await h.log.list({ action: 'sign-in.*', limit: 10, offset: 0 })).events.map((e) => e.action)).toEqual(['sign-in.failure', 'sign-in.success']);
      expect((await h.log.list({ action: 'organization.*', userId: 'other', limit: 10, offset: 0 })).total).toBe(1);
      expect((await h.log.list({ action: 'sign%', limit: 10, offset: 0 })).total).toBe(0);
      expect((await h.log.list({ action: 'sign_in.*', limit: 10, offset: 0 })).total).toBe(0);
    });

    it('filters by a set of actions and by values of the detail', async () => {
      await record('sign-in.success', 1, { detail: { method: 'sso', provider: 'corp' } });
      await record('sign-in.failure', 2, { detail: { method: 'sso', provider: 'other', reason: 'banned' } });
      await record('sign-in.challenge', 3, { detail: { method: 'email', provider: 'corp' } });
      await record('user.ban', 4, { detail: { method: 'sso', provider: 'corp' } });
      await record('sign-out', 5, { detail: null });
      const signIns = ['sign-in.success', 'sign-in.failure', 'sign-in.challenge'];
      expect((await h.log.list({ actions: signIns, limit: 10, offset: 0 })).total).toBe(3);
      expect((await h.log.list({ actions: signIns, detail: { method: 'sso' }, limit: 10, offset: 0 })).events.map((e) => e.action)).toEqual(['sign-in.failure', 'sign-in.success']);
      expect((await h.log.list({ actions: signIns, detail: { method: 'sso', provider: 'corp' }, limit: 10, offset: 0 })).events.map((e) => e.action)).toEqual(['sign-in.success']);
      expect((await h.log.list({ action: 'sign-in.*', detail: { provider: 'corp' }, limit: 10, offset: 0 })).total).toBe(2);
      expect((await h.log.list({ actions: [], limit: 10, offset: 0 })).total).toBe(0);
    });
  });
}
