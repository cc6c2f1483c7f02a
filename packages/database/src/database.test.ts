import { randomUUID } from 'node:crypto';
import { createTestDatabase, testDatabaseKinds } from './testing/index.js';
import { isUniqueViolation } from './errors.js';
import { readMigrations } from './migrate.js';

describe.each(testDatabaseKinds())('database on %s', (kind) => {
  const open = () => createTestDatabase(kind);

  it('is migrated, and migrating again applies nothing', async () => {
    const db = await open();
    try {
      expect(await db.migrate()).toEqual([]);
      expect(readMigrations().length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('stores a user with its session, and deleting the user removes its sessions', async () => {
    const db = await open();
    try {
      const userId = randomUUID();
      await db.prisma.user.create({ data: { id: userId, email: 'a@example.com', name: 'A' } });
      await db.prisma.session.create({
        data: { id: randomUUID(), token: 't'.repeat(32), userId, expiresAt: new Date(Date.now() + 1000) },
      });
      await db.prisma.user.delete({ where: { id: userId } });
      expect(await db.prisma.session.count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('refuses a second user with the same email as a unique violation', async () => {
    const db = await open();
    try {
      await db.prisma.user.create({ data: { id: randomUUID(), email: 'b@example.com', name: 'B' } });
      const second = db.prisma.user.create({ data: { id: randomUUID(), email: 'b@example.com', name: 'B2' } });
      const error = await second.catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
