// The transactional outbox on a real database: the change and its deliveries commit together,
// and a change that rolls back leaves none.
import { ambientTransactions } from '@tend/database';
import { createTestDatabase, testDatabaseKinds } from '@tend/database/testing';
import { ManualClock } from '@tend/kernel';
import { OutboxEventRecorder } from '../outbox.js';
import { PrismaDeliveryQueue, PrismaWebhookRepository } from './prisma/prisma-webhook-store.js';

for (const kind of testDatabaseKinds()) {
  describe(`transactional outbox (prisma on ${kind})`, () => {
    it('writes the event with the change, and nothing when the change rolls back', async () => {
      const db = await createTestDatabase(kind);
      try {
        const transactions = ambientTransactions(db.prisma);
        const client = transactions.client;
        const clock = new ManualClock(new Date('2026-11-29T10:00:00Z'));
        const queue = new PrismaDeliveryQueue(client);
        let woken = 0;
        const outbox = new OutboxEventRecorder({ transactions, queue, clock, enqueued: () => void (woken += 1) });
        await new PrismaWebhookRepository(client).create({ id: 'wh1', url: 'https://example.com', events: ['user.created'], enabled: true, description: null, secret: 'enc.v1.x', createdAt: clock.now(), updatedAt: clock.now() });
        const user = (id: string) => ({ id, email: `${id}@example.com`, name: id, createdAt: clock.now(), updatedAt: clock.now() });

        await outbox.record(
          () => client.user.create({ data: user('u1') }),
          (created) => [{ type: 'user.created', data: { user: { id: created.id } } }],
        );
        await expect(
          outbox.record(
            async () => {
              await client.user.create({ data: user('u2') });
              throw new Error('the change fails after writing');
            },
            () => [{ type: 'user.created', data: {} }],
          ),
        ).rejects.toThrow('the change fails after writing');
        // a repository's own $transaction inside joins the outer one: rolled back with it
        await expect(
          outbox.record(
            async () => {
              await client.$transaction(async (tx) => tx.user.create({ data: user('u3') }));
              await client.$transaction([client.user.create({ data: user('u3') })]);
            },
            () => [{ type: 'user.created', data: {} }],
          ),
        ).rejects.toThrow();

        expect((await db.prisma.user.findMany()).map((u) => u.id)).toEqual(['u1']);
        const deliveries = await queue.list({ limit: 10, offset: 0 });
        expect(deliveries).toHaveLength(1);
        expect(JSON.parse((await db.prisma.webhookDelivery.findFirstOrThrow()).payload)).toEqual({ type: 'user.created', timestamp: '2026-11-29T10:00:00.000Z', data: { user: { id: 'u1' } } });
        expect(woken).toBe(1);
      } finally {
        await db.close();
      }
    });
  });
}
