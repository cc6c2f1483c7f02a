// The behaviour every TwoFactorRepository adapter must have, on memory and on Prisma (PGlite, and
// PostgreSQL when TEST_POSTGRES is on): enrolment replaced whole, each step and backup code used
// once — of parallel uses, one wins — and removal.
import { newUser } from '@tend/identity';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import type { TwoFactorRepository } from '../ports.js';
import { MemoryTwoFactorRepository } from './memory/memory-two-factor-repository.js';
import { PrismaTwoFactorRepository } from './prisma/prisma-two-factor-repository.js';

interface Harness {
  store: TwoFactorRepository;
  seedUser(id: string): Promise<void>;
  close(): Promise<void>;
}

function contract(name: string, open: () => Promise<Harness>) {
  describe(`TwoFactorRepository contract: ${name}`, () => {
    let harness: Harness;
    const now = new Date(Date.UTC(2026, 0, 1));
    const record = (id: string, userId: string) => ({ id, userId, secret: `sealed-${id}`, lastStep: null, createdAt: now, updatedAt: now });

    beforeAll(async () => {
      harness = await open();
      await harness.seedUser('u1');
      await harness.seedUser('u2');
    });
    afterAll(() => harness.close());

    it('enrols, replacing an earlier enrolment and its codes', async () => {
      const { store } = harness;
      await store.enroll(record('e1', 'u1'), ['h1', 'h2']);
      await store.enroll(record('e2', 'u1'), ['h3']);
      expect(await store.find('u1')).toMatchObject({ id: 'e2', userId: 'u1', secret: 'sealed-e2', lastStep: null });
      expect(await store.useBackupCode('u1', 'h1')).toBe(false);
      expect(await store.useBackupCode('u1', 'h3')).toBe(true);
      expect(await store.useBackupCode('u1', 'h3')).toBe(false);
    });

    it('uses each step once and only forward; of parallel uses one wins', async () => {
      const { store } = harness;
      await store.enroll(record('e3', 'u2'), ['a', 'b']);
      expect(await store.useStep('u2', 100, now)).toBe(true);
      expect(await store.useStep('u2', 100, now)).toBe(false);
      expect(await store.useStep('u2', 99, now)).toBe(false);
      const results = await Promise.all([store.useStep('u2', 101, now), store.useStep('u2', 101, now), store.useStep('u2', 101, now)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const codes = await Promise.all([store.useBackupCode('u2', 'a'), store.useBackupCode('u2', 'a')]);
      expect(codes.filter(Boolean)).toHaveLength(1);
      expect(await store.useBackupCode('u1', 'b')).toBe(false);
    });

    it('replaces backup codes, and removes everything', async () => {
      const { store } = harness;
      await store.replaceBackupCodes('u2', ['c', 'd'], now);
      expect(await store.useBackupCode('u2', 'b')).toBe(false);
      expect(await store.useBackupCode('u2', 'c')).toBe(true);
      expect(await store.remove('u2')).toBe(true);
      expect(await store.find('u2')).toBeNull();
      expect(await store.useBackupCode('u2', 'd')).toBe(false);
      expect(await store.useStep('u2', 500, now)).toBe(false);
      expect(await store.remove('u2')).toBe(false);
    });
  });
}

contract('memory', async () => ({ store: new MemoryTwoFactorRepository(), seedUser: async () => undefined, close: async () => undefined }));

for (const kind of testDatabaseKinds()) {
  contract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      store: new PrismaTwoFactorRepository(db.prisma),
      seedUser: async (id) => void (await db.prisma.user.create({ data: newUser({ id, email: `${id}@example.com`, name: id }, new Date()) })),
      close: () => db.close(),
    };
  });
}
