// The example of docs/webhooks.md ("Verifying it, and deleting a user's data on user.deleted"),
// run as written: a mood service's receiver that verifies each delivery with `standardwebhooks`,
// deduplicates on webhook-id and deletes the user's history on user.deleted — against a gateway
// whose webhook points at it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { adminPost, newUser, signInAdmin, startGateway, webhookTestSettings, type TestGateway } from './harness/index.js';

// ---- the doc's example, word for word ------------------------------------------------------
/** The mood service's receiver: `secret` is the webhook's `whsec_…`; `moods` its own store. */
function moodService(secret: string, moods: { deleteHistoryOf(userId: string): Promise<void>; seen(webhookId: string): Promise<boolean> }) {
  const webhook = new Webhook(secret);
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      let event: { type: string; timestamp: string; data: { user?: { id: string } } };
      try {
        event = webhook.verify(body, req.headers as Record<string, string>) as typeof event; // signature and a timestamp within 5 minutes
      } catch {
        return res.writeHead(400).end(); // not from Tend, altered, or replayed late
      }
      // At least once: the same webhook-id may come again. `seen` records it (a unique key in the service's database).
      if (!(await moods.seen(req.headers['webhook-id'] as string)) && event.type === 'user.deleted') {
        await moods.deleteHistoryOf(event.data.user!.id); // a mental-health app keeps nothing of a deleted account
      }
      res.writeHead(204).end(); // any 2xx: delivered
    });
  });
}
// -------------------------------------------------------------------------------------------

describe('docs/webhooks.md: a domain service deletes a user’s data on user.deleted', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: webhookTestSettings() });
  });
  afterAll(() => gateway.close());

  it('verifies the delivery, deletes the history once, and refuses a forged one', async () => {
    const admin = await signInAdmin(gateway);
    const history = new Map<string, string[]>();
    const ids = new Set<string>();
    const moods = {
      deleteHistoryOf: async (userId: string) => void history.delete(userId),
      seen: async (webhookId: string) => ids.has(webhookId) || (ids.add(webhookId), false),
    };
    let server = moodService('whsec_' + Buffer.alloc(32).toString('base64'), moods);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tend`;
    const created = (await adminPost(gateway, 'webhooks/create', admin.cookie, { url, events: ['user.deleted'] }).expect(200)).body;
    // the service starts with the webhook's secret
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = moodService(created.secret, moods);
    await new Promise<void>((resolve) => server.listen(Number(new URL(url).port), '127.0.0.1', resolve));
    try {
      const user = await newUser(gateway, 'Mira');
      history.set(user.user.id, ['calm', 'anxious']);
      await adminPost(gateway, 'remove-user', admin.cookie, { userId: user.user.id }).expect(200);
      const deadline = Date.now() + 10_000;
      while (history.has(user.user.id)) {
        if (Date.now() > deadline) throw new Error('the history was never deleted');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(ids.size).toBe(1);
      const forged = await fetch(url, { method: 'POST', headers: { 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' }, body: '{}' });
      expect(forged.status).toBe(400);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
