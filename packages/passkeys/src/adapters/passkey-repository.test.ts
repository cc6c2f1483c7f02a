import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemoryPasskeyRepository } from './memory/memory-passkey-repository.js';
import { PrismaPasskeyRepository } from './prisma/prisma-passkey-repository.js';
import { passkeyRepositoryContract } from '../testing/passkey-repository.contract.js';

passkeyRepositoryContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    passkeys: new MemoryPasskeyRepository(tables),
    seedUser: async (user) => void tables.users.set(user.id, user),
    deleteUser: async (id) => tables.deleteRow('users', id),
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  passkeyRepositoryContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      passkeys: new PrismaPasskeyRepository(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      deleteUser: async (id) => void (await db.prisma.user.delete({ where: { id } })),
      close: () => db.close(),
    };
  });
}
