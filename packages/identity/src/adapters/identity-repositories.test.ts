import { createMemoryTables, uuid } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { identityContract } from '../testing/user-repository.contract.js';
import { MemoryAccountRepository } from './memory/memory-account-repository.js';
import { MemoryUserRepository } from './memory/memory-user-repository.js';
import { PrismaAccountRepository } from './prisma/prisma-account-repository.js';
import { PrismaUserRepository } from './prisma/prisma-user-repository.js';

identityContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    users: new MemoryUserRepository(tables),
    accounts: new MemoryAccountRepository(tables),
    sessionCount: async (userId) => [...tables.sessions.values()].filter((s) => s.userId === userId).length,
    addSession: async (userId) => {
      const now = new Date();
      tables.sessions.set(uuid(), { id: uuid(), token: uuid(), userId, expiresAt: now, ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: now, updatedAt: now });
    },
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  identityContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      users: new PrismaUserRepository(db.prisma),
      accounts: new PrismaAccountRepository(db.prisma, { rowLocks: kind === 'postgres' }),
      sessionCount: (userId) => db.prisma.session.count({ where: { userId } }),
      addSession: async (userId) => void (await db.prisma.session.create({ data: { id: uuid(), token: uuid(), userId, expiresAt: new Date() } })),
      close: () => db.close(),
    };
  });
}
