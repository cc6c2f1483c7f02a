// Webhooks' at-least-once guarantee across instances (issue 34): two built gateways behind nginx
// on PostgreSQL, a receiver subscribed to organization.created, a burst of 500 changes through
// nginx (organizations created: a change that needs no password hash, so the burst is the
// outbox's and not scrypt's), and one gateway killed with SIGKILL in the middle of it — between
// commits and deliveries, with deliveries in flight. Every organization that exists afterwards
// must have arrived at least once, each event under one webhook-id; the other instance sends
// what the dead one had taken once its lease ends (AUTH_WEBHOOK_TIMEOUT_MS plus the lease margin).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startCluster, type Cluster } from '../harness/cluster';
import { call, CookieJar, newUser } from '../harness/client';
import { waitUntil } from '../harness/load';
import { nginxBinary } from '../harness/nginx';
import { hasCommand, psql } from '../harness/services';

const hasNginx = hasCommand(nginxBinary);
const describeCluster = hasNginx ? describe : describe.skip;

const CHANGES = 500;
const CONCURRENCY = 16;
const KILL_AFTER = 150;

describeCluster('webhooks: SIGKILL of one gateway mid-burst loses no event', () => {
  let cluster: Cluster;
  let server: Server;
  const received = new Map<string, { webhookIds: Set<string>; times: number }>();
  let badSignatures = 0;
  let secret = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        try {
          const event = new StandardWebhook(secret).verify(body, request.headers as Record<string, string>) as { type: string; data: { organization: { id: string } } };
          const entry = received.get(event.data.organization.id) ?? { webhookIds: new Set<string>(), times: 0 };
          entry.webhookIds.add(String(request.headers['webhook-id']));
          entry.times += 1;
          received.set(event.data.organization.id, entry);
        } catch {
          badSignatures += 1;
        }
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cluster = await startCluster({ env: { AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'on', AUTH_WEBHOOK_TIMEOUT_MS: '2000', AUTH_WEBHOOK_POLL_INTERVAL_MS: '200', AUTH_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1' } });
  }, 180_000);

  afterAll(async () => {
    if (process.env.TEND_IT_LOGS && cluster) console.log(cluster.gateways.map((g) => `--- ${g.name}\n${g.child.output.join('')}`).join('\n'));
    await cluster?.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }, 60_000);

  it('delivers every committed change at least once, under one webhook-id each', async () => {
    // a site admin (the role set in the database, as an operator would) creates the webhook
    const adminFields = newUser();
    const jar = new CookieJar();
    const signedUp = await call(`${cluster.url}/api/auth/sign-up/email`, { body: adminFields, jar, origin: cluster.url });
    expect(signedUp.status).toBe(200);
    psql(`UPDATE "user" SET role = 'admin' WHERE id = '${signedUp.body.user.id}'`, cluster.database);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const created = await call(`${cluster.url}/api/auth/admin/webhooks/create`, { body: { url, events: ['organization.created'] }, jar, origin: cluster.url });
    expect(created.status).toBe(200);
    secret = created.body.secret;

    const [victim, survivor] = cluster.gateways;
    let started = 0;
    let answered = 0;
    let killed = false;
    const statuses: number[] = [];
    const client = async () => {
      while (started < CHANGES) {
        started += 1;
        const slug = `kill-${started}-${Math.random().toString(36).slice(2, 8)}`;
        const answer = await call(`${cluster.url}/api/auth/organization/create`, { body: { name: `Practice ${started}`, slug }, jar, origin: cluster.url, timeoutMs: 30_000 }).catch(() => ({ status: 0 }));
        statuses.push(answer.status);
        answered += 1;
        if (!killed && answered >= KILL_AFTER) {
          killed = true;
          process.kill(victim.child.process.pid!, 'SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    expect(killed).toBe(true);
    expect(await victim.child.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(CHANGES / 2);

    // every organization in the database arrives, however its request ended
    const expected = psql(`SELECT id FROM organization`, cluster.database).map(([id]) => id!);
    expect(expected.length).toBeGreaterThanOrEqual(statuses.filter((status) => status === 200).length);
    // and every delivery ends succeeded: one the dead instance had sent but not yet marked is sent
    // again by the survivor once its lease ends (the same webhook-id: at least once, never lost)
    const unfinished = () => psql(`SELECT count(*) FROM "webhook_delivery" WHERE status <> 'succeeded'`, cluster.database)[0]![0];
    await waitUntil(() => expected.every((id) => received.has(id)) && unfinished() === '0', 90_000, 500).catch(() => undefined);
    const missing = expected.filter((id) => !received.has(id));
    expect(missing).toEqual([]);
    expect(received.size).toBe(expected.length);
    expect([...received.values()].filter((entry) => entry.webhookIds.size !== 1)).toEqual([]);
    expect(badSignatures).toBe(0);
    expect(unfinished()).toBe('0');
    const byStatus = Object.entries(statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}));
    console.log(
      `webhooks kill test: ${statuses.length} organizations created (${byStatus.map(([status, count]) => `${count} × ${status}`).join(', ')}), ${expected.length} in the database, ` +
        `${[...received.values()].reduce((sum, entry) => sum + entry.times, 0)} deliveries received for ${received.size} events; ${survivor.name} survived`,
    );
  }, 540_000);
});
