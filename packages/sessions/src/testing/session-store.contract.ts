import { uuid } from '@tend/kernel';
import type { SessionUser as User, Session } from '../entities.js';
import { newUser } from './users.js';
import type { SessionStore, SessionWithUser } from '../session-store.port.js';

export interface SessionStoreHarness {
  store: SessionStore;
  /** Stores a user the sessions can belong to. */
  seedUser(user: User): Promise<void>;
  /** Deletes a user the way the identity package does (its sessions go with it). */
  deleteUser(userId: string): Promise<void>;
  /**
   * Another adapter over the same data (the Prisma store beside a faster one): every lookup of
   * the suite must answer exactly what it answers.
   */
  reference?: SessionStore;
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

    /** The store's lookup, checked against the reference adapter when there is one. */
    const find = async (token: string): Promise<SessionWithUser | null> => {
      const found = await harness.store.findByToken(token);
      if (harness.reference) expect(found).toStrictEqual(await harness.reference.findByToken(token));
      return found;
    };

    beforeEach(async () => {
      harness = await open();
      user = newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Ada' }, now);
      await harness.seedUser(user);
    });
    afterEach(() => harness.close());

    it('finds a created session by token, joined to its user', async () => {
      const s = session();
      await harness.store.create(s);
      expect(await find(s.token)).toStrictEqual({ session: s, user });
    });

    it('answers every field of the session and its user as stored: dates, nulls, enums, impersonation, active organization', async () => {
      const full = newUser(
        {
          id: uuid(),
          email: `${uuid()}@example.com`,
          name: 'Grace',
          emailVerified: true,
          image: 'https://example.com/g.png',
          createdAt: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)),
          updatedAt: new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 789)),
          age: 37,
          bio: 'admiral',
          gender: 'female',
          location: 'Arlington',
          isPremium: true,
          notification: 'disabled',
          tokenBalance: 42,
          stripeCustomerId: 'cus_123',
          username: `grace_${uuid().slice(0, 8)}`,
          displayUsername: 'Grace',
          role: 'admin',
          banned: true,
          banReason: 'testing',
          banExpires: new Date(Date.UTC(2027, 11, 31, 23, 59, 59, 999)),
        },
        now,
      );
      await harness.seedUser(full);
      const s = session({
        userId: full.id,
        ipAddress: null,
        userAgent: null,
        impersonatedBy: user.id,
        activeOrganizationId: uuid(),
        expiresAt: new Date(now.getTime() + DAY + 1),
        createdAt: new Date(now.getTime() - 999),
        updatedAt: new Date(now.getTime() - 1),
      });
      await harness.store.create(s);
      expect(await find(s.token)).toStrictEqual({ session: s, user: full });
    });

    it('answers an expired session too (what expiry means is the manager\'s decision)', async () => {
      const expired = session({ expiresAt: new Date(now.getTime() - 1) });
      await harness.store.create(expired);
      expect(await find(expired.token)).toStrictEqual({ session: expired, user });
    });

    it('answers a refreshed session with its new expiry', async () => {
      const s = session();
      await harness.store.create(s);
      const later = new Date(now.getTime() + 30 * DAY + 7);
      const updated = await harness.store.update(s.token, { expiresAt: later, updatedAt: now });
      expect(updated).toStrictEqual({ ...s, expiresAt: later, updatedAt: now });
      expect(await find(s.token)).toStrictEqual({ session: updated, user });
    });

    it('answers null once the session\'s user is deleted', async () => {
      const s = session();
      await harness.store.create(s);
      await harness.deleteUser(user.id);
      expect(await find(s.token)).toBeNull();
    });

    it('answers null for an unknown token', async () => {
      expect(await find('x'.repeat(32))).toBeNull();
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
      expect(await find(a.token)).toBeNull();
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
      expect(await find(expired.token)).toBeNull();
      expect(await find(live.token)).not.toBeNull();
    });

    it('purges the expired sessions of every user, answering how many went (when the store offers it)', async () => {
      if (!harness.store.purgeExpired) return;
      const other = newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Bea' }, now);
      await harness.seedUser(other);
      const live = session();
      const expired = [session({ expiresAt: now }), session({ userId: other.id, expiresAt: new Date(now.getTime() - DAY) })];
      for (const s of [live, ...expired]) await harness.store.create(s);
      expect(await harness.store.purgeExpired(now)).toBe(2);
      for (const s of expired) expect(await find(s.token)).toBeNull();
      expect(await find(live.token)).not.toBeNull();
    });
  });
}
