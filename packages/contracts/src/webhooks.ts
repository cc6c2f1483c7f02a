// Webhooks (issue 34, docs/webhooks.md): signed deliveries of Tend's events, managed by site admins.
import { z } from 'zod';
import { success } from './auth.js';
import { httpURL, idInput, LIMITS, line, queryInteger, text, timestamp } from './primitives.js';
import { route } from './route.js';

/** An event type (`user.deleted`); the gateway answers 400 for one no module declares. */
const eventType = () => line(100);
const events = () => z.array(eventType()).min(1).max(100);
const description = () => text({ max: LIMITS.longText, multiline: true });

/** A webhook as admins see it: never its secret. */
export const webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  description: z.string().nullable(),
  createdAt: timestamp(),
});

/** The signing secret (`whsec_…`), answered only on creation and rotation. */
const secret = z.string().startsWith('whsec_');

export const createWebhookBody = z.object({ url: httpURL(), events: events(), description: description().optional() });
export const createWebhookResponse = z.object({ webhook, secret });
export const listWebhooksResponse = z.object({ webhooks: z.array(webhook) });
export const updateWebhookBody = z.object({ id: idInput(), url: httpURL().optional(), events: events().optional(), enabled: z.boolean().optional(), description: description().nullable().optional() });
export const webhookResponse = z.object({ webhook });
export const webhookIdBody = z.object({ id: idInput() });
export const rotateWebhookSecretResponse = z.object({ secret });

export const webhookDelivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  createdAt: timestamp(),
});
export const webhookDeliveriesQuery = z.object({ webhookId: idInput().optional(), limit: queryInteger(1, 100).optional(), offset: queryInteger(0, 1_000_000).optional() });
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDelivery) });
export const redeliverWebhookBody = z.object({ deliveryId: idInput() });
export const redeliverWebhookResponse = z.object({ delivery: webhookDelivery });
/** The event types webhooks may subscribe to (merged from the modules' declarations), with what each says. */
export const webhookEventTypesResponse = z.object({ events: z.array(z.object({ type: z.string(), description: z.string() })) });

export const webhookRoutes = {
  createWebhook: route({ method: 'post', path: '/admin/webhooks/create', body: createWebhookBody, response: createWebhookResponse }),
  listWebhooks: route({ method: 'get', path: '/admin/webhooks/list', response: listWebhooksResponse }),
  updateWebhook: route({ method: 'post', path: '/admin/webhooks/update', body: updateWebhookBody, response: webhookResponse }),
  deleteWebhook: route({ method: 'post', path: '/admin/webhooks/delete', body: webhookIdBody, response: success }),
  rotateWebhookSecret: route({ method: 'post', path: '/admin/webhooks/rotate-secret', body: webhookIdBody, response: rotateWebhookSecretResponse }),
  listWebhookDeliveries: route({ method: 'get', path: '/admin/webhooks/deliveries', query: webhookDeliveriesQuery, response: webhookDeliveriesResponse }),
  redeliverWebhook: route({ method: 'post', path: '/admin/webhooks/redeliver', body: redeliverWebhookBody, response: redeliverWebhookResponse }),
  listWebhookEventTypes: route({ method: 'get', path: '/admin/webhooks/events', response: webhookEventTypesResponse }),
};
