import { uuid, type ManualClock } from '@tend/kernel';
import type { SessionUser as User, Session } from '../entities.js';
import { newUser } from './users.js';
import type { SessionCache } from '../session-cache.port.js';
import type { SessionWithUser } from '../session-store.port.js';

export interface SessionCacheHarness {
  cache: SessionCache;
  /** The cache's clock. */
  clock: ManualClock;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

/** The behaviour every SessionCache adapter must have; run it once per adapter. */
export function sessionCacheContract(name: string, open: () => Promise<SessionCacheHarness>): void {
  describe(`SessionCache contract: ${name}`, () => {
    let harness: SessionCacheHarness;
    let cache: SessionCache;

    const user = (overrides: Partial<User> = {}): User =>
      newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'Ada', banExpires: new Date(Date.UTC(2027, 0, 1)), bio: null, ...overrides }, harness.clock.now());
    const lookup = (owner: User, overrides: Partial<Session> = {}): { token: string; found: SessionWithUser } => {
      const now = harness.clock.now();
      const token = uuid().replace(/-/g, '');
      const session: Session = {
        id: uuid(),
        token,
        userId: owner.id,
        expiresAt: new Date(now.getTime() + 24 * HOUR),
        ipAddress: null,
        userAgent: 'jest',
        impersonatedBy: null,
        activeOrganizationId: uuid(),
        createdAt: now,
        updatedAt: now,
        ...overrides,
      };
      return { token, found: { session, user: owner } };
    };

    beforeEach(async () => {
      harness = await open();
      cache = harness.cache;
    });
    afterEach(() => harness.close());

    it('answers a filled lookup field for field, dates as dates, a new copy for every caller', async () => {
      const { token, found } = lookup(user());
      await cache.fill(token, found);
      const first = await cache.get(token);
      expect(first).toStrictEqual(found);
      const second = await cache.get(token);
      expect(second).toStrictEqual(found);
      expect(second).not.toBe(first);
      expect(second!.user).not.toBe(first!.user);
    });

    it('misses a token it never saw', async () => {
      expect(await cache.get('z'.repeat(32))).toBeNull();
    });

    it('does not cache an expired session', async () => {
      const { token, found } = lookup(user(), { expiresAt: harness.clock.now() });
      await cache.fill(token, found);
      expect(await cache.get(token)).toBeNull();
    });

    it('forgets an invalidated token, and drops a fill that follows at once (a lookup older than the write)', async () => {
      const owner = user();
      const [a, b] = [lookup(owner), lookup(owner)];
      for (const { token, found } of [a, b]) await cache.fill(token, found);
      await cache.invalidateToken(a.token);
      expect(await cache.get(a.token)).toBeNull();
      expect(await cache.get(b.token)).toStrictEqual(b.found);
      await cache.fill(a.token, a.found);
      expect(await cache.get(a.token)).toBeNull();
    });

    it("forgets every session of an invalidated user, keeps other users', and drops the user's fills that follow", async () => {
      const [owner, other] = [user(), user()];
      const [a, b, c] = [lookup(owner), lookup(owner), lookup(other)];
      for (const { token, found } of [a, b, c]) await cache.fill(token, found);
      await cache.invalidateUser(owner.id);
      expect(await cache.get(a.token)).toBeNull();
      expect(await cache.get(b.token)).toBeNull();
      expect(await cache.get(c.token)).toStrictEqual(c.found);
      const d = lookup(owner);
      await cache.fill(d.token, d.found);
      expect(await cache.get(d.token)).toBeNull();
    });

    it('forgets everything at once, and drops the fills that follow', async () => {
      const [a, b] = [lookup(user()), lookup(user())];
      for (const { token, found } of [a, b]) await cache.fill(token, found);
      await cache.invalidateAll();
      expect(await cache.get(a.token)).toBeNull();
      expect(await cache.get(b.token)).toBeNull();
      await cache.fill(a.token, a.found);
      expect(await cache.get(a.token)).toBeNull();
    });
  });
}
