import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { auditLogContract } from '../testing/audit-log.contract.js';
import { MemoryAuditLog } from './memory/memory-audit-log.js';
import { PrismaAuditLog } from './prisma/prisma-audit-log.js';

auditLogContract('memory', async () => ({ log: new MemoryAuditLog(createMemoryTables()), close: async () => undefined }));

for (const kind of testDatabaseKinds()) {
  auditLogContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return { log: new PrismaAuditLog(db.prisma), close: () => db.close() };
  });
}
