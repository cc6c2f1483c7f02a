// Webhooks over HTTP (issue 34): the admin routes, every event with its data, Standard Webhooks
// signatures (checked with the standardwebhooks library), retries, redelivery, rotation, and a
// change that fails emitting nothing.
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { TOKENS } from '../src/tokens.js';
import { addMember, adminGet, adminPost, createOrganization, newUser, organizationConfig, signInAdmin, signUp, startGateway, startWebhookReceiver, webhookTestSettings, type TestGateway, type WebhookReceiver } from './harness/index.js';

const ALL_EVENTS = ['user.created', 'user.updated', 'user.deleted', 'user.banned', 'user.unbanned', 'user.signed_in', 'organization.created', 'organization.deleted', 'member.added', 'member.removed', 'member.role_updated'];

describe('webhooks', () => {
  let gateway: TestGateway;
  let admin: { cookie: string; user: { id: string } };
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    const organizations = organizationConfig();
    gateway = await startGateway({ ...organizations, features: { ...organizations.features, ...webhookTestSettings() } });
    admin = await signInAdmin(gateway);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await gateway.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer = () => 204;
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await adminPost(gateway, 'webhooks/create', admin.cookie, { url: receiver.url, events: ALL_EVENTS, ...body }).expect(200);
    return res.body as { webhook: { id: string; url: string; events: string[]; enabled: boolean; description: string | null; createdAt: string }; secret: string };
  };
  const remove = (id: string) => adminPost(gateway, 'webhooks/delete', admin.cookie, { id }).expect(200);
  const verify = (secret: string, delivery: WebhookReceiver['received'][number]) => new StandardWebhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);

  it('is for site admins: anonymous 401, other users 403', async () => {
    const user = await signUp(gateway);
    for (const [method, path, body] of [
      ['post', 'webhooks/create', { url: receiver.url, events: ['user.created'] }],
      ['get', 'webhooks/list', {}],
      ['post', 'webhooks/update', { id: 'x', enabled: false }],
      ['post', 'webhooks/delete', { id: 'x' }],
      ['post', 'webhooks/rotate-secret', { id: 'x' }],
      ['get', 'webhooks/deliveries', {}],
      ['post', 'webhooks/redeliver', { deliveryId: 'x' }],
    ] as const) {
      const call = (cookie: string) => (method === 'post' ? adminPost(gateway, path, cookie, body) : adminGet(gateway, path, cookie));
      expect((await call('')).status).toBe(401);
      const denied = await call(user.cookie);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toMatch(/^YOU_ARE_NOT_ALLOWED/);
    }
  });

  it('creates a webhook answering its whsec_ secret once, lists it without secrets, updates and deletes it', async () => {
    const { webhook, secret } = await create({ events: ['user.created'], description: 'Mood service' });
    expect(webhook).toEqual({ id: expect.any(String), url: receiver.url, events: ['user.created'], enabled: true, description: 'Mood service', createdAt: expect.any(String) });
    expect(secret).toMatch(/^whsec_/);
    const listed = (await adminGet(gateway, 'webhooks/list', admin.cookie).expect(200)).body;
    expect(listed.webhooks).toContainEqual(webhook);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    const stored = await gateway.container.get(TOKENS.Database).webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(stored.secret).toMatch(/^enc\.v1\./);
    expect(stored.secret).not.toContain(secret.slice(6));
    const updated = (await adminPost(gateway, 'webhooks/update', admin.cookie, { id: webhook.id, events: ['user.deleted', 'user.banned'], enabled: false }).expect(200)).body;
    expect(updated.webhook).toMatchObject({ id: webhook.id, events: ['user.deleted', 'user.banned'], enabled: false });
    expect((await remove(webhook.id)).body).toEqual({ success: true });
    for (const path of ['webhooks/delete', 'webhooks/rotate-secret', 'webhooks/update']) {
      const res = await adminPost(gateway, path, admin.cookie, { id: webhook.id, enabled: true }).expect(404);
      expect(res.body).toEqual({ code: 'WEBHOOK_NOT_FOUND', message: 'Webhook not found' });
    }
  });

  it.each([
    [{ url: 'ftp://example.com/hook', events: ['user.created'] }, 'url'],
    [{ url: 'not a url', events: ['user.created'] }, 'url'],
    [{ url: 'https://example.com/hook', events: [] }, 'events'],
    [{ url: 'https://example.com/hook', events: ['user.exploded'] }, 'events'],
  ])('answers 400 VALIDATION_ERROR for %j', async (body, path) => {
    const res = await adminPost(gateway, 'webhooks/create', admin.cookie, body).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', issues: [expect.objectContaining({ path })] });
  });

  it('lists the events the modules declare', async () => {
    const res = await adminGet(gateway, 'webhooks/events', admin.cookie).expect(200);
    expect(res.body.events.map((event: { type: string }) => event.type).sort()).toEqual([...ALL_EVENTS].sort());
  });

  it('delivers every event with its data, signed; user.deleted once the user is gone', async () => {
    const { webhook, secret } = await create();
    try {
      const owner = await newUser(gateway, 'Owner');
      const created = receiver.ofType('user.created');
      await receiver.until(() => receiver.ofType('user.created').length === 1, 'user.created');
      expect(receiver.ofType('user.created')[0]!.json.data).toEqual({ user: { id: owner.user.id, email: owner.user.email, name: 'Owner' } });
      expect(created).toBeDefined();

      const signedIn = await gateway.http.post('/api/auth/sign-in/email').set('User-Agent', 'MoodApp/1.0').send({ email: owner.user.email, password: 'correct horse battery' }).expect(200);
      await receiver.until(() => receiver.ofType('user.signed_in').length === 1, 'user.signed_in');
      const signIn = receiver.ofType('user.signed_in')[0]!.json.data;
      expect(signIn).toEqual({ user: { id: owner.user.id, email: owner.user.email, name: 'Owner' }, session: { id: expect.any(String), ipAddress: expect.any(String), userAgent: 'MoodApp/1.0' } });
      expect(receiver.ofType('user.signed_in')[0]!.body).not.toContain(signedIn.body.token);

      await owner.post('/update-user', { name: 'Owner Renamed' }).then((res) => expect(res.status).toBe(200));
      await receiver.until(() => receiver.ofType('user.updated').length === 1, 'user.updated');
      expect(receiver.ofType('user.updated')[0]!.json.data.user).toEqual({ id: owner.user.id, email: owner.user.email, name: 'Owner Renamed' });

      const coach = await newUser(gateway, 'Coach');
      const organization = await createOrganization(owner, 'Calm Coaches');
      await receiver.until(() => receiver.ofType('organization.created').length === 1 && receiver.ofType('member.added').length === 1, 'organization.created');
      expect(receiver.ofType('organization.created')[0]!.json.data).toEqual({ organization: { id: organization.id, name: 'Calm Coaches', slug: organization.slug } });
      const member = await addMember(owner, organization.id, coach, 'member');
      await receiver.until(() => receiver.ofType('member.added').length === 2, 'member.added');
      const added = receiver.ofType('member.added').map((d) => d.json.data);
      expect(added).toContainEqual({ organizationId: organization.id, member: { id: expect.any(String), userId: owner.user.id, role: 'owner' } });
      expect(added).toContainEqual({ organizationId: organization.id, member: { id: member.id, userId: coach.user.id, role: 'member' } });
      const memberId = added.find((data) => data.member.userId === coach.user.id)!.member.id as string;

      await owner.post('/organization/update-member-role', { memberId, role: 'admin', organizationId: organization.id }).then((res) => expect(res.status).toBe(200));
      await receiver.until(() => receiver.ofType('member.role_updated').length === 1, 'member.role_updated');
      expect(receiver.ofType('member.role_updated')[0]!.json.data).toEqual({ organizationId: organization.id, member: { id: memberId, userId: coach.user.id, role: 'admin' } });
      await owner.post('/organization/remove-member', { memberIdOrEmail: memberId, organizationId: organization.id }).then((res) => expect(res.status).toBe(200));
      await receiver.until(() => receiver.ofType('member.removed').length === 1, 'member.removed');
      expect(receiver.ofType('member.removed')[0]!.json.data).toEqual({ organizationId: organization.id, member: { id: memberId, userId: coach.user.id, role: 'admin' } });
      await owner.post('/organization/delete', { organizationId: organization.id }).then((res) => expect(res.status).toBe(200));
      await receiver.until(() => receiver.ofType('organization.deleted').length === 1, 'organization.deleted');

      await adminPost(gateway, 'ban-user', admin.cookie, { userId: coach.user.id }).expect(200);
      await adminPost(gateway, 'unban-user', admin.cookie, { userId: coach.user.id }).expect(200);
      await receiver.until(() => receiver.ofType('user.banned').length === 1 && receiver.ofType('user.unbanned').length === 1, 'user.banned and user.unbanned');
      expect(receiver.ofType('user.banned')[0]!.json.data.user.id).toBe(coach.user.id);

      const users = gateway.container.get(TOKENS.Database).user;
      let existedAtDelivery: boolean | null = null;
      receiver.answer = async (delivery) => {
        if (delivery.json.type === 'user.deleted') existedAtDelivery = (await users.findUnique({ where: { id: delivery.json.data.user.id } })) !== null;
        return 204;
      };
      await adminPost(gateway, 'remove-user', admin.cookie, { userId: coach.user.id }).expect(200);
      await receiver.until(() => receiver.ofType('user.deleted').length === 1, 'user.deleted');
      expect(receiver.ofType('user.deleted')[0]!.json.data).toEqual({ user: { id: coach.user.id, email: coach.user.email, name: 'Coach' } });
      expect(existedAtDelivery).toBe(false);

      for (const delivery of receiver.received) {
        expect(verify(secret, delivery)).toEqual(delivery.json);
        expect(delivery.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(delivery.body).not.toMatch(/password|hash|token/i);
      }
      const ids = receiver.received.map((delivery) => delivery.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
      const deliveries = (await adminGet(gateway, 'webhooks/deliveries', admin.cookie, { webhookId: webhook.id, limit: 100 }).expect(200)).body.deliveries;
      expect(deliveries).toHaveLength(receiver.received.length);
      expect(deliveries.every((delivery: { status: string; attempts: number }) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
      const times = deliveries.map((delivery: { createdAt: string }) => delivery.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    } finally {
      await remove(webhook.id);
    }
  });

  it('sends only subscribed events, and nothing to a disabled or deleted webhook', async () => {
    const { webhook } = await create({ events: ['user.updated'] });
    const user = await newUser(gateway, 'Quiet');
    await user.post('/update-user', { name: 'Quiet One' });
    await receiver.until(() => receiver.received.length === 1);
    expect(receiver.received.map((d) => d.json.type)).toEqual(['user.updated']);
    await adminPost(gateway, 'webhooks/update', admin.cookie, { id: webhook.id, enabled: false }).expect(200);
    await user.post('/update-user', { name: 'Quiet Two' });
    await adminPost(gateway, 'webhooks/update', admin.cookie, { id: webhook.id, enabled: true }).expect(200);
    await remove(webhook.id);
    await user.post('/update-user', { name: 'Quiet Three' });
    const other = await create({ events: ['user.updated'] });
    await user.post('/update-user', { name: 'Quiet Four' });
    await receiver.until(() => receiver.received.length === 2);
    expect(receiver.received.map((d) => d.json.data.user.name)).toEqual(['Quiet One', 'Quiet Four']);
    await remove(other.webhook.id);
  });

  it('retries a failed delivery with the same webhook-id and body, marks it failed after the schedule, and redelivers it', async () => {
    const { webhook, secret } = await create({ events: ['user.updated'] });
    try {
      receiver.answer = () => 500;
      const user = await newUser(gateway, 'Retry');
      await user.post('/update-user', { name: 'Retry Me' });
      await receiver.until(() => receiver.received.length === 1, 'the first attempt');
      const deliveriesOf = async () => (await adminGet(gateway, 'webhooks/deliveries', admin.cookie, { webhookId: webhook.id }).expect(200)).body.deliveries;
      const waitFor = async (check: (d: { status: string; attempts: number; lastStatusCode: number | null }) => boolean) => {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const [delivery] = await deliveriesOf();
          if (delivery && check(delivery)) return delivery;
          if (Date.now() > deadline) throw new Error(`delivery never reached the state: ${JSON.stringify(delivery)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await waitFor((d) => d.attempts === 1 && d.status === 'pending' && d.lastStatusCode === 500);
      gateway.clock.advance(5_000);
      await receiver.until(() => receiver.received.length === 2, 'the retry after 5 s');
      // The next attempt is scheduled from the clock when the answer comes back: move the clock only
      // once the second answer is recorded, or the retry lands 300 s after the moved clock.
      await waitFor((d) => d.attempts === 2 && d.status === 'pending');
      gateway.clock.advance(300_000);
      await receiver.until(() => receiver.received.length === 3, 'the retry after 300 s');
      const failed = await waitFor((d) => d.status === 'failed');
      expect(failed).toMatchObject({ eventType: 'user.updated', attempts: 3, lastStatusCode: 500 });
      expect(new Set(receiver.received.map((d) => d.headers['webhook-id']))).toEqual(new Set([failed.id]));
      expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);

      receiver.answer = () => 200;
      const redelivered = (await adminPost(gateway, 'webhooks/redeliver', admin.cookie, { deliveryId: failed.id }).expect(200)).body;
      expect(redelivered.delivery).toMatchObject({ id: failed.id, status: 'pending' });
      await receiver.until(() => receiver.received.length === 4, 'the redelivery');
      expect(receiver.received[3]!.headers['webhook-id']).toBe(failed.id);
      expect(await waitFor((d) => d.status === 'succeeded')).toMatchObject({ attempts: 4, lastStatusCode: 200 });
      gateway.clock.advance(-305_000);
      // Signed at the test clock's time, 305 s ahead of the real one that verify() checks it against
      // (5 min tolerance): the signature is checked by signing the same id, timestamp and body again.
      const redelivery = receiver.received[3]!;
      const signedAt = new Date(Number(redelivery.headers['webhook-timestamp']) * 1000);
      expect(redelivery.headers['webhook-signature']).toBe(new StandardWebhook(secret).sign(failed.id, signedAt, redelivery.body));
      const missing = await adminPost(gateway, 'webhooks/redeliver', admin.cookie, { deliveryId: 'msg_missing' }).expect(404);
      expect(missing.body.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    } finally {
      await remove(webhook.id);
    }
  });

  it('signs deliveries after a rotation with the new secret only', async () => {
    const { webhook, secret: old } = await create({ events: ['user.updated'] });
    try {
      const { secret } = (await adminPost(gateway, 'webhooks/rotate-secret', admin.cookie, { id: webhook.id }).expect(200)).body;
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(old);
      const user = await newUser(gateway, 'Rotated');
      await user.post('/update-user', { name: 'Rotated Name' });
      await receiver.until(() => receiver.received.length === 1);
      expect(() => verify(secret, receiver.received[0]!)).not.toThrow();
      expect(() => verify(old, receiver.received[0]!)).toThrow();
    } finally {
      await remove(webhook.id);
    }
  });

  it('emits nothing for a change that fails: a taken email, a taken organization slug', async () => {
    const { webhook } = await create({ events: ['user.created', 'organization.created'] });
    try {
      const first = await signUp(gateway);
      await receiver.until(() => receiver.received.length === 1);
      await gateway.http.post('/api/auth/sign-up/email').send(first.body).expect(422);
      const owner = await newUser(gateway, 'Slug');
      const organization = await createOrganization(owner, 'Taken Slug');
      expect((await owner.post('/organization/create', { name: 'Again', slug: organization.slug })).status).toBe(400);
      await receiver.until(() => receiver.received.length === 3);
      const marker = await newUser(gateway, 'Marker');
      await receiver.until(() => receiver.received.some((d) => d.json.data.user?.id === marker.user.id), 'the marker event');
      expect(receiver.received.map((d) => d.json.type)).toEqual(['user.created', 'user.created', 'organization.created', 'user.created']);
    } finally {
      await remove(webhook.id);
    }
  });
});

describe('webhooks without AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ features: webhookTestSettings({ allowPrivateNetworks: false }) });
  });
  afterAll(() => gateway.close());

  it.each(['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://10.0.0.8/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'http://192.168.1.10/hook'])('refuses %s with 400', async (url) => {
    const admin = await signInAdmin(gateway);
    const res = await adminPost(gateway, 'webhooks/create', admin.cookie, { url, events: ['user.created'] }).expect(400);
    expect(res.body).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED', message: 'Webhook URL not allowed' });
  });
});
