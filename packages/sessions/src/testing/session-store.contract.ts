import { newUser, uuid, type Session, type User } from '@tend/kernel';
import type { SessionStore } from '../session-store.port.js';

export interface SessionStoreHarness {
  store: SessionStore;
  /** Stores a user the sessions can belong to. */
  seedUser(user: User): Promise<void>;
  close(): Promise<void>;
}

const DAY = 86_400_000;

/** The behaviour every SessionStore adapter must have; run it once per adapter. */
export function sessionStoreContract(name: string, open: () => Promise<SessionStoreHarness>): void {
  describe(`SessionStore contract: ${name}`, () => {
    let harness: SessionStoreHarness;
    let user: User;
    const now = new Date(Date.UTC(2026, 5, 1, 12));

    const session = (overrides: Partial<Session> = {}): Session => ({
      id: uuid(),
      token: uuid().replace(/-/g, '').slice(0, 32),
      userId: user.id,
      expiresAt: new Date(now.getTime() + 7 * DAY),
      ipAddress: '127.0.0.1',
      userAgent: 'jest',
      impersonatedBy: null,
      activeOrganizationId: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    });

    beforeEach(async () => {
      harness = await open();
      user = newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Ada' }, now);
      await harness.seedUser(user);
    });
    afterEach(() => harness.close());

    it('finds a created session by token, joined to its user', async () => {
      const s = session();
      await harness.store.create(s);
      const found = await harness.store.findByToken(s.token);
      expect(found?.session).toEqual(s);
      expect(found?.user.id).toBe(user.id);
      expect(found?.user.email).toBe(user.email);
    });

    it('answers null for an unknown token', async () => {
      expect(await harness.store.findByToken('x'.repeat(32))).toBeNull();
    });

    it('refuses a second session with the same token', async () => {
      const s = session();
      await harness.store.create(s);
      await expect(harness.store.create({ ...s, id: uuid() })).rejects.toBeDefined();
    });

    it('lists only the sessions that have not expired, oldest first', async () => {
      const older = session({ createdAt: new Date(now.getTime() - 1000) });
      const newer = session();
      const expired = session({ expiresAt: new Date(now.getTime() - 1) });
      for (const s of [newer, expired, older]) await harness.store.create(s);
      const listed = await harness.store.listByUser(user.id, now);
      expect(listed.map((s) => s.token)).toEqual([older.token, newer.token]);
    });

    it('updates a session and answers null for a missing one', async () => {
      const s = session();
      await harness.store.create(s);
      const later = new Date(now.getTime() + DAY);
      const updated = await harness.store.update(s.token, { expiresAt: later, updatedAt: later, activeOrganizationId: 'org' });
      expect(updated?.expiresAt).toEqual(later);
      expect(updated?.activeOrganizationId).toBe('org');
      expect(await harness.store.update('y'.repeat(32), { updatedAt: later })).toBeNull();
    });

    it('deletes one session, all of a user, or all but one', async () => {
      const [a, b, c] = [session(), session(), session()];
      for (const s of [a, b, c]) await harness.store.create(s);
      await harness.store.delete(a.token);
      expect(await harness.store.findByToken(a.token)).toBeNull();
      await harness.store.deleteByUser(user.id, b.token);
      expect((await harness.store.listByUser(user.id, now)).map((s) => s.token)).toEqual([b.token]);
      await harness.store.deleteByUser(user.id);
      expect(await harness.store.listByUser(user.id, now)).toEqual([]);
    });

    it('deletes the expired sessions of a user only', async () => {
      const live = session();
      const expired = session({ expiresAt: now });
      for (const s of [live, expired]) await harness.store.create(s);
      await harness.store.deleteExpired(user.id, now);
      expect(await harness.store.findByToken(expired.token)).toBeNull();
      expect(await harness.store.findByToken(live.token)).not.toBeNull();
    });
  });
}
