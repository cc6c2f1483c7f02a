import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemoryApiKeyRepository } from './memory/memory-api-key-repository.js';
import { PrismaApiKeyRepository } from './prisma/prisma-api-key-repository.js';
import { apiKeyRepositoryContract } from '../testing/api-key-repository.contract.js';

apiKeyRepositoryContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    keys: new MemoryApiKeyRepository(tables),
    seedUser: async (user) => void tables.users.set(user.id, user),
    deleteUser: async (id) => tables.deleteRow('users', id),
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  apiKeyRepositoryContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      keys: new PrismaApiKeyRepository(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (id) => void (await db.prisma.user.delete({ where: { id } })),
      close: () => db.close(),
    };
  });
}
