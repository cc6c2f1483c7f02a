// The contract of the webhook repository and the delivery queue, run against memory, Prisma on
// PGlite and Prisma on PostgreSQL (src/adapters/webhook-store.test.ts).
import type { StoredWebhook } from '../entities.js';
import type { DeliveryQueue, WebhookRepository } from '../ports.js';

export interface WebhookStoreHarness {
  webhooks: WebhookRepository;
  queue: DeliveryQueue;
  /** A second queue on its own connection where there is one (PostgreSQL), else the same. */
  otherQueue: DeliveryQueue;
  close(): Promise<void>;
}

const T0 = new Date('2026-11-29T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let serial = 0;

function webhook(patch: Partial<StoredWebhook> = {}): StoredWebhook {
  serial += 1;
  return { id: `wh_${serial}_${Math.random().toString(36).slice(2)}`, url: 'https://example.com/hook', events: ['user.created'], enabled: true, description: null, secret: 'enc.v1.x', createdAt: at(serial), updatedAt: at(serial), ...patch };
}

export function webhookStoreContract(name: string, open: () => Promise<WebhookStoreHarness>): void {
  describe(`webhook store (${name})`, () => {
    let h: WebhookStoreHarness;
    beforeEach(async () => {
      h = await open();
    });
    afterEach(async () => {
      await h.close();
    });

    it('creates, finds, lists oldest first, updates and deletes webhooks', async () => {
      const a = await h.webhooks.create(webhook({ events: ['user.created', 'user.deleted'], description: 'first' }));
      const b = await h.webhooks.create(webhook());
      expect(await h.webhooks.findById(a.id)).toEqual(a);
      expect((await h.webhooks.list()).map((w) => w.id)).toEqual([a.id, b.id]);
      const updated = await h.webhooks.update(a.id, { enabled: false, events: ['user.banned'], updatedAt: at(100) });
      expect(updated).toMatchObject({ id: a.id, enabled: false, events: ['user.banned'], description: 'first', updatedAt: at(100) });
      expect(await h.webhooks.update('missing', { enabled: false, updatedAt: at(1) })).toBeNull();
      expect(await h.webhooks.delete(a.id)).toBe(true);
      expect(await h.webhooks.delete(a.id)).toBe(false);
      expect(await h.webhooks.findById(a.id)).toBeNull();
    });

    it('enqueues one delivery per enabled, subscribed webhook', async () => {
      const subscribed = await h.webhooks.create(webhook({ events: ['user.created', 'user.deleted'] }));
      await h.webhooks.create(webhook({ events: ['user.deleted'] }));
      await h.webhooks.create(webhook({ events: ['user.created'], enabled: false }));
      expect(await h.queue.enqueue({ type: 'user.created', payload: '{"type":"user.created"}' }, at(10))).toBe(1);
      const [delivery] = await h.queue.list({ limit: 10, offset: 0 });
      expect(delivery).toEqual({ id: expect.stringMatching(/^msg_[0-9a-f]{32}$/), webhookId: subscribed.id, eventType: 'user.created', status: 'pending', attempts: 0, lastStatusCode: null, lastError: null, nextAttemptAt: at(10), createdAt: at(10) });
      expect(await h.queue.enqueue({ type: 'organization.created', payload: '{}' }, at(10))).toBe(0);
    });

    it('claims due deliveries once, leased until the lease ends, with what to send', async () => {
      const hook = await h.webhooks.create(webhook({ url: 'https://example.com/a', secret: 'enc.v1.secret' }));
      await h.queue.enqueue({ type: 'user.created', payload: '{"n":1}' }, at(10));
      expect(await h.queue.claim(at(9), 10, at(30))).toEqual([]);
      const claimed = await h.queue.claim(at(10), 10, at(30));
      expect(claimed).toEqual([{ id: expect.any(String), webhookId: hook.id, eventType: 'user.created', payload: '{"n":1}', attempts: 0, url: 'https://example.com/a', secret: 'enc.v1.secret' }]);
      expect(await h.queue.claim(at(20), 10, at(40))).toEqual([]);
      // the worker died: once the lease ends, another takes it
      expect((await h.queue.claim(at(30), 10, at(50))).map((d) => d.id)).toEqual([claimed[0]!.id]);
    });

    it('never gives one delivery to two claims at once (FOR UPDATE SKIP LOCKED)', async () => {
      await h.webhooks.create(webhook());
      for (let i = 0; i < 20; i += 1) await h.queue.enqueue({ type: 'user.created', payload: `{"n":${i}}` }, at(10));
      const batches = await Promise.all([h.queue.claim(at(10), 7, at(60)), h.otherQueue.claim(at(10), 7, at(60)), h.queue.claim(at(10), 7, at(60)), h.otherQueue.claim(at(10), 7, at(60))]);
      const ids = batches.flat().map((d) => d.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
    });

    it('skips the deliveries of a disabled webhook', async () => {
      const hook = await h.webhooks.create(webhook());
      await h.queue.enqueue({ type: 'user.created', payload: '{}' }, at(10));
      await h.webhooks.update(hook.id, { enabled: false, updatedAt: at(11) });
      expect(await h.queue.claim(at(12), 10, at(30))).toEqual([]);
    });

    it('settles attempts, lists newest first, redelivers and purges finished deliveries', async () => {
      const hook = await h.webhooks.create(webhook());
      await h.queue.enqueue({ type: 'user.created', payload: '{"n":1}' }, at(10));
      await h.queue.enqueue({ type: 'user.created', payload: '{"n":2}' }, at(20));
      const [newest, oldest] = await h.queue.list({ webhookId: hook.id, limit: 10, offset: 0 });
      expect([newest!.createdAt, oldest!.createdAt]).toEqual([at(20), at(10)]);
      expect(await h.queue.list({ webhookId: hook.id, limit: 1, offset: 1 })).toEqual([oldest]);
      await h.queue.settle(oldest!.id, { status: 'failed', attempts: 7, nextAttemptAt: at(30), lastStatusCode: 500, lastError: 'answered 500', now: at(30) });
      expect(await h.queue.findById(oldest!.id)).toMatchObject({ status: 'failed', attempts: 7, lastStatusCode: 500, lastError: 'answered 500' });
      expect(await h.queue.redeliver(oldest!.id, at(40))).toMatchObject({ id: oldest!.id, status: 'pending', attempts: 7, nextAttemptAt: at(40) });
      expect(await h.queue.redeliver('msg_missing', at(40))).toBeNull();
      await h.queue.settle(oldest!.id, { status: 'succeeded', attempts: 8, nextAttemptAt: at(41), lastStatusCode: 204, lastError: null, now: at(41) });
      expect(await h.queue.purgeFinished(at(15))).toBe(1);
      expect((await h.queue.list({ webhookId: hook.id, limit: 10, offset: 0 })).map((d) => d.id)).toEqual([newest!.id]);
      expect(await h.queue.purgeFinished(at(100))).toBe(0);
    });

    it('deletes a webhook with its deliveries', async () => {
      const hook = await h.webhooks.create(webhook());
      await h.queue.enqueue({ type: 'user.created', payload: '{}' }, at(10));
      await h.webhooks.delete(hook.id);
      expect(await h.queue.list({ limit: 10, offset: 0 })).toEqual([]);
    });
  });
}
