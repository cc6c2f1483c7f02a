import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemorySessionStore } from './memory/memory-session-store.js';
import { PrismaSessionStore } from './prisma/prisma-session-store.js';
import { SqlSessionStore } from './prisma/sql-session-store.js';
import { sessionStoreContract } from '../testing/session-store.contract.js';

sessionStoreContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    store: new MemorySessionStore(tables),
    seedUser: async (user) => void tables.users.set(user.id, user),
    deleteUser: async (userId) => tables.deleteRow('users', userId),
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  sessionStoreContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      store: new PrismaSessionStore(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (userId) => void (await db.prisma.user.delete({ where: { id: userId } })),
      close: () => db.close(),
    };
  });

  // The lookup by raw SQL beside Prisma: every answer of the suite must equal the Prisma store's.
  sessionStoreContract(`sql on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      store: new SqlSessionStore(db.prisma, db.sql),
      reference: new PrismaSessionStore(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (userId) => void (await db.prisma.user.delete({ where: { id: userId } })),
      close: () => db.close(),
    };
  });
}
