import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import type { DatabaseHandle } from '@tend/database';
import { describeRateLimitStoreContract } from '../../testing/index.js';
import { PrismaRateLimitStore } from './prisma-rate-limit-store.js';

describe.each(testDatabaseKinds())('PrismaRateLimitStore on %s', (kind) => {
  describeRateLimitStoreContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return { store: new PrismaRateLimitStore(db.prisma), close: () => db.close() };
  });

  describe('rows', () => {
    const T0 = Date.UTC(2026, 0, 1);
    let db: DatabaseHandle;
    let store: PrismaRateLimitStore;

    beforeAll(async () => {
      db = await createTestDatabase(kind);
      store = new PrismaRateLimitStore(db.prisma);
    });

    afterAll(async () => {
      await db.close();
    });

    it('keeps one row per key whose lastRequest is the start of the window', async () => {
      await store.hit('row-key', 10_000, T0);
      await store.hit('row-key', 10_000, T0 + 4_000);
      const row = await db.prisma.rateLimit.findUniqueOrThrow({ where: { key: 'row-key' } });
      expect(row).toMatchObject({ count: 2, lastRequest: BigInt(T0) });
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      await store.hit('row-key', 10_000, T0 + 10_000);
      expect(await db.prisma.rateLimit.findMany({ where: { key: 'row-key' } })).toEqual([
        expect.objectContaining({ count: 1, lastRequest: BigInt(T0 + 10_000) }),
      ]);
    });

    it('sweeps the rows whose windows have surely ended', async () => {
      await store.hit('sweep-old', 10_000, T0);
      await store.hit('sweep-new', 10_000, T0 + 50_000);
      const removed = await store.sweep(T0 + 55_000, 15_000);
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(await db.prisma.rateLimit.findUnique({ where: { key: 'sweep-old' } })).toBeNull();
      expect(await store.peek('sweep-new', 10_000, T0 + 55_000)).toEqual({ count: 1, resetAtMs: T0 + 60_000 });
    });
  });
});
