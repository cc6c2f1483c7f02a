import { createMemoryTables, uuid } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { adminUserDirectoryContract } from '../testing/admin-user-directory.contract.js';
import { MemoryAdminUserDirectory } from './memory/memory-admin-user-directory.js';
import { PrismaAdminUserDirectory } from './prisma/prisma-admin-user-directory.js';

const far = new Date(Date.UTC(2030, 0, 1));

adminUserDirectoryContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    directory: new MemoryAdminUserDirectory(tables),
    seedUser: async (user) => void tables.users.set(user.id, { ...user }),
    addSession: async (userId) => {
      const token = uuid();
      tables.sessions.set(token, { id: uuid(), token, userId, expiresAt: far, ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: far, updatedAt: far });
    },
    sessionCount: async (userId) => [...tables.sessions.values()].filter((s) => s.userId === userId).length,
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  adminUserDirectoryContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      directory: new PrismaAdminUserDirectory(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      addSession: async (userId) => void (await db.prisma.session.create({ data: { id: uuid(), token: uuid(), userId, expiresAt: far } })),
      sessionCount: (userId) => db.prisma.session.count({ where: { userId } }),
      close: () => db.close(),
    };
  });
}
