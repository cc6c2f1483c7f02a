import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { memoryOrganizationStores } from './memory/memory-organization-stores.js';
import { prismaOrganizationStores } from './prisma/prisma-organization-stores.js';
import type { OrganizationStoresHarness } from '../testing/harness.js';
import { organizationRepositoryContract } from '../testing/organization-repository.contract.js';
import { memberRepositoryContract } from '../testing/member-repository.contract.js';
import { invitationRepositoryContract } from '../testing/invitation-repository.contract.js';
import { teamRepositoryContract } from '../testing/team-repository.contract.js';
import { activeOrganizationStoreContract } from '../testing/active-organization-store.contract.js';
import { organizationRacesContract } from '../testing/organization-races.contract.js';
import { runtimeRoleRepositoryContract } from '../testing/runtime-role-repository.contract.js';

const suites = [
  organizationRepositoryContract,
  memberRepositoryContract,
  invitationRepositoryContract,
  teamRepositoryContract,
  activeOrganizationStoreContract,
  organizationRacesContract,
  runtimeRoleRepositoryContract,
];

async function openMemory(): Promise<OrganizationStoresHarness> {
  const tables = createMemoryTables();
  return {
    stores: memoryOrganizationStores(tables),
    seedUser: async (user) => void tables.users.set(user.id, { ...user }),
    seedSession: async (session) => void tables.sessions.set(session.token, { ...session }),
    activeOrganizationOf: async (token) => tables.sessions.get(token)?.activeOrganizationId,
    deleteUser: async (userId) => tables.deleteRow('users', userId),
    close: async () => undefined,
  };
}

for (const suite of suites) suite('memory', openMemory);

for (const kind of testDatabaseKinds()) {
  const openPrisma = async (): Promise<OrganizationStoresHarness> => {
    const db = await createTestDatabase(kind);
    return {
      stores: prismaOrganizationStores(db.prisma),
      seedUser: async (user) => void (await db.prisma.user.create({ data: user })),
      seedSession: async (session) => void (await db.prisma.session.create({ data: session })),
      activeOrganizationOf: async (token) => (await db.prisma.session.findUnique({ where: { token }, select: { activeOrganizationId: true } }))?.activeOrganizationId,
      deleteUser: async (userId) => void (await db.prisma.user.delete({ where: { id: userId } })),
      close: () => db.close(),
    };
  };
  for (const suite of suites) suite(`prisma on ${kind}`, openPrisma);
}
