import { createMemoryTables } from '@tend/kernel';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { MemoryDeliveryQueue, MemoryWebhookRepository } from './memory/memory-webhook-store.js';
import { PrismaDeliveryQueue, PrismaWebhookRepository } from './prisma/prisma-webhook-store.js';
import { webhookStoreContract } from '../testing/webhook-store.contract.js';

webhookStoreContract('memory', async () => {
  const tables = createMemoryTables();
  const queue = new MemoryDeliveryQueue(tables);
  return { webhooks: new MemoryWebhookRepository(tables), queue, otherQueue: queue, close: async () => undefined };
});

for (const kind of testDatabaseKinds()) {
  webhookStoreContract(`prisma on ${kind}`, async () => {
    const db = await createTestDatabase(kind);
    return { webhooks: new PrismaWebhookRepository(db.prisma), queue: new PrismaDeliveryQueue(db.prisma), otherQueue: new PrismaDeliveryQueue(db.prisma), close: () => db.close() };
  });
}
