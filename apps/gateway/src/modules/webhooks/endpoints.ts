import { routes } from '@tend/contracts';
import { SESSION_ERRORS } from '@tend/sessions';
import { WEBHOOK_ERRORS, type Delivery, type Webhook } from '@tend/webhooks';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { adminAuth, deniedOf } from '../admin/guard.js';
import { WEBHOOKS } from './tokens.js';

const tags = ['Webhooks'];
/** Site admins manage webhooks (the admin role's `user:create`, as they manage OAuth clients). */
const auth = adminAuth('create-user');
const adminErrors = [SESSION_ERRORS.UNAUTHORIZED, deniedOf('create-user')];
const E = WEBHOOK_ERRORS;

const webhookReply = (webhook: Webhook) => ({ id: webhook.id, url: webhook.url, events: webhook.events, enabled: webhook.enabled, description: webhook.description, createdAt: webhook.createdAt.toISOString() });
const deliveryReply = (delivery: Delivery) => ({
  id: delivery.id,
  webhookId: delivery.webhookId,
  eventType: delivery.eventType,
  status: delivery.status,
  attempts: delivery.attempts,
  lastStatusCode: delivery.lastStatusCode,
  createdAt: delivery.createdAt.toISOString(),
});
const audit = (action: string) => (outcome: { ok: boolean; result?: unknown }, call: { auth: { user: { id: string } } | null; body: object }) =>
  outcome.ok ? { action, actorId: call.auth?.user.id ?? null, targetUserId: null, detail: { webhookId: (call.body as { id?: string }).id ?? ((outcome.result as { webhook?: { id?: string } } | null)?.webhook?.id ?? null) } } : null;

export const createWebhook = endpoint({
  ...routes.createWebhook,
  summary: 'Create a webhook (site admins)',
  description:
    'Answers the webhook and its signing `secret` (`whsec_…`, Standard Webhooks), this once: it is stored encrypted. `events` must name declared events (`GET /admin/webhooks/events`). A destination that is, or resolves to, a private, loopback or link-local address: 400 `WEBHOOK_URL_NOT_ALLOWED` (unless `AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS=on`).',
  tags,
  auth,
  errors: [E.WEBHOOK_URL_NOT_ALLOWED, ...adminErrors],
  audit: audit('webhook.create'),
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps, body }) => {
    const { webhook, secret } = await deps.manage.create(body);
    return { webhook: webhookReply(webhook), secret };
  },
});

export const listWebhooks = endpoint({
  ...routes.listWebhooks,
  summary: 'Every webhook, oldest first, without secrets (site admins)',
  tags,
  auth,
  errors: adminErrors,
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps }) => ({ webhooks: (await deps.manage.list()).map(webhookReply) }),
});

export const updateWebhook = endpoint({
  ...routes.updateWebhook,
  summary: 'Change a webhook’s URL, events, description, or enable / disable it (site admins)',
  description: 'A disabled webhook receives nothing: events that happen while it is disabled are not queued for it.',
  tags,
  auth,
  errors: [E.WEBHOOK_NOT_FOUND, E.WEBHOOK_URL_NOT_ALLOWED, ...adminErrors],
  audit: audit('webhook.update'),
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps, body }) => ({ webhook: webhookReply(await deps.manage.update(body)) }),
});

export const deleteWebhook = endpoint({
  ...routes.deleteWebhook,
  summary: 'Delete a webhook and its deliveries (site admins)',
  tags,
  auth,
  errors: [E.WEBHOOK_NOT_FOUND, ...adminErrors],
  audit: audit('webhook.delete'),
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps, body }) => {
    await deps.manage.delete(body.id);
    return { success: true };
  },
});

export const rotateWebhookSecret = endpoint({
  ...routes.rotateWebhookSecret,
  summary: 'Give a webhook a new signing secret (site admins)',
  description: 'Answers the new `secret` this once; every later attempt, retries of earlier events included, is signed with it alone.',
  tags,
  auth,
  errors: [E.WEBHOOK_NOT_FOUND, ...adminErrors],
  audit: audit('webhook.rotate-secret'),
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps, body }) => ({ secret: await deps.manage.rotateSecret(body.id) }),
});

export const listWebhookDeliveries = endpoint({
  ...routes.listWebhookDeliveries,
  summary: 'A webhook’s deliveries, newest first (site admins)',
  description: '`status` is `pending` (not yet answered with a 2xx, more attempts to come), `succeeded` or `failed` (the retry schedule ran out). Succeeded and failed deliveries are kept 30 days.',
  tags,
  auth,
  errors: [E.WEBHOOK_NOT_FOUND, ...adminErrors],
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps, query }) => ({ deliveries: (await deps.manage.deliveries(query)).map(deliveryReply) }),
});

export const redeliverWebhook = endpoint({
  ...routes.redeliverWebhook,
  summary: 'Send a delivery again, with the same webhook-id and body (site admins)',
  tags,
  auth,
  errors: [E.WEBHOOK_DELIVERY_NOT_FOUND, ...adminErrors],
  audit: audit('webhook.redeliver'),
  deps: { manage: WEBHOOKS.Manage },
  handler: async ({ deps, body }) => ({ delivery: deliveryReply(await deps.manage.redeliver(body.deliveryId)) }),
});

export const listWebhookEventTypes = endpoint({
  ...routes.listWebhookEventTypes,
  summary: 'The events webhooks may subscribe to (site admins)',
  description: 'Merged from the events every module declares.',
  tags,
  auth,
  errors: adminErrors,
  deps: { types: PLATFORM.EventTypes },
  handler: ({ deps }) => ({ events: Object.entries(deps.types).map(([type, description]) => ({ type, description })) }),
});
