import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemoryScimTokenRepository, MemoryScimUserRepository } from './memory/memory-scim-stores.js';
import { PrismaScimTokenRepository, PrismaScimUserRepository } from './prisma/prisma-scim-stores.js';
import { scimStoresContract } from '../testing/scim-stores.contract.js';

scimStoresContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    tokens: new MemoryScimTokenRepository(tables),
    users: new MemoryScimUserRepository(tables),
    seedUser: async (user) => void tables.users.set(user.id, user),
    seedOrganization: async () => undefined,
    deleteUser: async (id) => tables.deleteRow('users', id),
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  scimStoresContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      tokens: new PrismaScimTokenRepository(db.prisma),
      users: new PrismaScimUserRepository(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      seedOrganization: async (id) => void (await db.prisma.organization.create({ data: { id, name: id, slug: id } })),
      deleteUser: async (id) => void (await db.prisma.user.delete({ where: { id } })),
      close: () => db.close(),
    };
  });
}
