import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemorySessionStore } from './memory/memory-session-store.js';
import { PrismaSessionStore } from './prisma/prisma-session-store.js';
import { sessionStoreContract } from '../testing/session-store.contract.js';

sessionStoreContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    store: new MemorySessionStore(tables),
    seedUser: async (user) => void tables.users.set(user.id, user),
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  sessionStoreContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      store: new PrismaSessionStore(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      close: () => db.close(),
    };
  });
}
