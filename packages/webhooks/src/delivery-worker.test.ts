import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryTables, ManualClock, noTransactions, SecretCipher } from '@tend/kernel';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { MemoryDeliveryQueue, MemoryWebhookRepository } from './adapters/memory/memory-webhook-store.js';
import { DnsDestinationCheck, NodeWebhookSender } from './adapters/node/node-http.js';
import { DeliveryWorker } from './delivery-worker.js';
import { OutboxEventRecorder } from './outbox.js';
import { ManageWebhooks } from './use-cases/manage-webhooks.js';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback answering each request with the next status of `answers` (the last repeats; 0: never answers). */
async function receiver(answers: number[]) {
  const received: Received[] = [];
  let index = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body });
      const status = answers[Math.min(index++, answers.length - 1)]!;
      if (status === 0) return;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function setup(options: { allowPrivate?: boolean; timeoutMs?: number } = {}) {
  const tables = createMemoryTables();
  const clock = new ManualClock(new Date());
  const webhooks = new MemoryWebhookRepository(tables);
  const queue = new MemoryDeliveryQueue(tables);
  const cipher = new SecretCipher('x'.repeat(32), 'tend.webhook-secret');
  const policy = { allowPrivateNetworks: options.allowPrivate ?? true };
  const worker = new DeliveryWorker({ queue, sender: new NodeWebhookSender(policy), secrets: cipher, clock }, { timeoutMs: options.timeoutMs ?? 2_000, retrySchedule: [5, 300], pollIntervalMs: 60_000, concurrency: 4, leaseMarginMs: 1_000 });
  const manage = new ManageWebhooks({ webhooks, deliveries: queue, secrets: cipher, destinations: new DnsDestinationCheck(policy), clock, eventTypes: () => ['user.created', 'user.deleted'], due: () => worker.wake() });
  const outbox = new OutboxEventRecorder({ transactions: noTransactions, queue, clock, enqueued: () => worker.wake() });
  const emit = (type: string, data: Record<string, unknown>) => outbox.record(async () => null, () => [{ type, data }]);
  return { clock, queue, worker, manage, emit };
}

describe('DeliveryWorker', () => {
  it('delivers a subscribed event, signed as Standard Webhooks says, and only subscribed ones', async () => {
    const hook = await receiver([204]);
    const { manage, emit, worker, queue } = setup();
    worker.start();
    try {
      const { webhook, secret } = await manage.create({ url: hook.url, events: ['user.created'] });
      await emit('user.deleted', { user: { id: 'u0' } });
      await emit('user.created', { user: { id: 'u1', email: 'a@example.com', name: 'A' } });
      await until(() => hook.received.length === 1, 'the delivery');
      await worker.idle();
      const [{ headers, body }] = hook.received as [Received];
      expect(new StandardWebhook(secret).verify(body, headers)).toMatchObject({ type: 'user.created', data: { user: { id: 'u1', email: 'a@example.com', name: 'A' } } });
      expect(headers['webhook-id']).toMatch(/^msg_/);
      const [delivery] = await queue.list({ webhookId: webhook.id, limit: 10, offset: 0 });
      expect(delivery).toMatchObject({ id: headers['webhook-id'], status: 'succeeded', attempts: 1, lastStatusCode: 204 });
    } finally {
      await worker.stop();
      await hook.close();
    }
  });

  it('retries a failure on the schedule with the same webhook-id and body, then fails; a redelivery sends it again', async () => {
    const hook = await receiver([500, 503, 502, 200]);
    const { manage, emit, worker, queue, clock } = setup();
    worker.start();
    try {
      const { webhook } = await manage.create({ url: hook.url, events: ['user.created'] });
      await emit('user.created', { user: { id: 'u1' } });
      await until(() => hook.received.length === 1, 'the first attempt');
      await worker.idle();
      let [delivery] = await queue.list({ webhookId: webhook.id, limit: 1, offset: 0 });
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
      clock.advance(4_000);
      worker.wake();
      await worker.idle();
      expect(hook.received).toHaveLength(1);
      clock.advance(1_000);
      worker.wake();
      await until(() => hook.received.length === 2, 'the retry after 5 s');
      clock.advance(300_000);
      worker.wake();
      await until(() => hook.received.length === 3, 'the retry after 300 s');
      await worker.idle();
      [delivery] = await queue.list({ webhookId: webhook.id, limit: 1, offset: 0 });
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 502 });
      expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);

      await manage.redeliver(delivery!.id);
      await until(() => hook.received.length === 4, 'the redelivery');
      await worker.idle();
      expect(hook.received[3]!.headers['webhook-id']).toBe(delivery!.id);
      expect(await queue.findById(delivery!.id)).toMatchObject({ status: 'succeeded', attempts: 4, lastStatusCode: 200 });
    } finally {
      await worker.stop();
      await hook.close();
    }
  });

  it('counts a receiver that never answers within the timeout as a failure', async () => {
    const hook = await receiver([0]);
    const { manage, emit, worker, queue } = setup({ timeoutMs: 200 });
    worker.start();
    try {
      const { webhook } = await manage.create({ url: hook.url, events: ['user.created'] });
      await emit('user.created', { user: { id: 'u1' } });
      await until(async () => (await queue.list({ webhookId: webhook.id, limit: 1, offset: 0 }))[0]?.attempts === 1, 'the attempt');
      expect((await queue.list({ webhookId: webhook.id, limit: 1, offset: 0 }))[0]).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: 'no answer within 200 ms' });
    } finally {
      await worker.stop();
      await hook.close();
    }
  });

  it('signs later deliveries with the rotated secret only', async () => {
    const hook = await receiver([200]);
    const { manage, emit, worker } = setup();
    worker.start();
    try {
      const { webhook, secret: old } = await manage.create({ url: hook.url, events: ['user.created'] });
      const secret = await manage.rotateSecret(webhook.id);
      await emit('user.created', { user: { id: 'u1' } });
      await until(() => hook.received.length === 1, 'the delivery');
      const [{ headers, body }] = hook.received as [Received];
      expect(() => new StandardWebhook(secret).verify(body, headers)).not.toThrow();
      expect(() => new StandardWebhook(old).verify(body, headers)).toThrow();
    } finally {
      await worker.stop();
      await hook.close();
    }
  });

  it('refuses private destinations unless allowed, at creation and again at delivery', async () => {
    const hook = await receiver([200]);
    const strict = setup({ allowPrivate: false });
    await expect(strict.manage.create({ url: hook.url, events: ['user.created'] })).rejects.toMatchObject({ status: 400, code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await expect(strict.manage.create({ url: 'http://localhost:1/hook', events: ['user.created'] })).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await expect(strict.manage.create({ url: 'http://[::1]:1/hook', events: ['user.created'] })).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await expect(strict.manage.create({ url: 'ftp://example.com/', events: ['user.created'] })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    await expect(strict.manage.create({ url: 'https://example.com/', events: ['user.nope'] })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const sent = await new NodeWebhookSender({ allowPrivateNetworks: false }).send({ url: hook.url, headers: {}, body: '{}', timeoutMs: 1_000 });
    expect(sent).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/private, loopback or link-local/) });
    const byName = await new NodeWebhookSender({ allowPrivateNetworks: false }).send({ url: hook.url.replace('127.0.0.1', 'localhost'), headers: {}, body: '{}', timeoutMs: 1_000 });
    expect(byName).toMatchObject({ ok: false, status: null });
    expect(hook.received).toHaveLength(0);
    await hook.close();
  });
});
