import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { verificationRepositoryContract } from '../testing/verification-repository.contract.js';
import { MemoryVerificationRepository } from './memory/memory-verification-repository.js';
import { PrismaVerificationRepository } from './prisma/prisma-verification-repository.js';

verificationRepositoryContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    verifications: new MemoryVerificationRepository(tables),
    count: async () => tables.verifications.size,
    close: async () => undefined,
  };
});

for (const kind of testDatabaseKinds()) {
  verificationRepositoryContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return {
      verifications: new PrismaVerificationRepository(db.prisma),
      count: () => db.prisma.verification.count(),
      close: () => db.close(),
    };
  });
}
