import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@tend/database';
import { selectedTestDatabase } from '@tend/database/testing';
import { ManualClock, silentLogger } from '@tend/kernel';
import { CLEANUP_LOCK_KEY, ScheduledCleanup, cleanupTasksOf, createCleanup } from '../src/cleanup.js';
import { startGateway, type TestGateway } from './harness/index.js';

const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const HOUR = 3_600_000;

describe('scheduled cleanup on the database', () => {
  let database: DatabaseHandle;
  let gateway: TestGateway;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    gateway = await startGateway({}, { clock });
    database = gateway.database;
  });
  afterAll(() => gateway.close());

  async function seed() {
    const db = database.prisma;
    const userId = randomUUID();
    await db.user.create({ data: { id: userId, email: `${userId}@example.com`, name: 'U' } });
    const session = (expiresAt: Date) => ({ id: randomUUID(), token: randomUUID().replace(/-/g, ''), userId, expiresAt });
    const verification = (expiresAt: Date) => ({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: 'v', expiresAt });
    const rateLimit = (lastRequest: number) => ({ id: randomUUID(), key: randomUUID(), count: 1, lastRequest: BigInt(lastRequest) });
    const live = { session: session(new Date(NOW.getTime() + HOUR)), verification: verification(new Date(NOW.getTime() + HOUR)), rateLimit: rateLimit(NOW.getTime() - HOUR) };
    await db.session.createMany({ data: [live.session, session(NOW), session(new Date(NOW.getTime() - 24 * HOUR))] });
    await db.verification.createMany({ data: [live.verification, verification(new Date(NOW.getTime() - 1))] });
    await db.rateLimit.createMany({ data: [live.rateLimit, rateLimit(NOW.getTime() - 25 * HOUR)] });
    return live;
  }

  it('deletes expired sessions, expired verification values and ended rate-limit windows, and keeps the live ones', async () => {
    const live = await seed();
    const cleanup = createCleanup(gateway.container, database, { intervalSeconds: 3600, clock, logger: silentLogger });
    await expect(cleanup.runOnce()).resolves.toEqual({ status: 'done', removed: { sessions: 2, verifications: 1, rateLimits: 1, 'sso-assertions': 0, 'oauth-authorization-codes': 0, 'oauth-access-tokens': 0, 'oauth-refresh-tokens': 0, 'oauth-signing-keys': 0, 'oauth-signing-key-rotation': 0, 'webhook-deliveries': 0 }, failed: [] });
    const db = database.prisma;
    expect((await db.session.findMany()).map((row) => row.id)).toEqual([live.session.id]);
    expect((await db.verification.findMany()).map((row) => row.id)).toEqual([live.verification.id]);
    expect((await db.rateLimit.findMany()).map((row) => row.id)).toEqual([live.rateLimit.id]);
    await cleanup.stop();
  });

  if (selectedTestDatabase() === 'postgres') {
    it('runs on one instance at a time: a second cleaner skips while the first holds the advisory lock', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      // The first cleaner's pass holds the lock until the test lets it go.
      const first = new ScheduledCleanup({
        intervalSeconds: 3600,
        clock,
        logger: silentLogger,
        tasks: [{ name: 'slow', run: async () => (entered(), await gate, 0) }, ...cleanupTasksOf(gateway.container, database)],
        lock: (work) => database.withAdvisoryLock(CLEANUP_LOCK_KEY, work),
      });
      const second = createCleanup(gateway.container, database, { intervalSeconds: 3600, clock, logger: silentLogger });

      const running = first.runOnce();
      await inside;
      await expect(second.runOnce()).resolves.toEqual({ status: 'skipped', reason: 'locked' });
      release();
      await expect(running).resolves.toMatchObject({ status: 'done' });
      await expect(second.runOnce()).resolves.toMatchObject({ status: 'done' });
    });
  }
});
