import { SecretCipher } from '@tend/kernel';
import { DeliveryWorker, DEFAULT_DELIVERY_SETTINGS, ManageWebhooks, OutboxEventRecorder, WEBHOOK_ERRORS, WEBHOOK_SECRET_CIPHER_PURPOSE } from '@tend/webhooks';
import { DnsDestinationCheck, NodeWebhookSender } from '@tend/webhooks/node';
import { PrismaDeliveryQueue, PrismaWebhookRepository } from '@tend/webhooks/prisma';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhookEventTypes, listWebhooks, redeliverWebhook, rotateWebhookSecret, updateWebhook } from './endpoints.js';
import { webhookSettings } from './settings.js';
import { WEBHOOKS } from './tokens.js';

const DAY_MS = 86_400_000;

/**
 * Webhooks (issue 34, docs/webhooks.md): the gateway's event sink is a transactional outbox (the
 * events of a change written in its transaction), sent by a delivery worker on every instance,
 * signed as Standard Webhooks says; site admins manage the webhooks.
 */
export const webhooksModule: GatewayModule = {
  name: 'webhooks',
  settings: webhookSettings,
  bind(c, { config, logger }) {
    const settings = settingsOf(config, webhookSettings);
    const policy = { allowPrivateNetworks: settings.allowPrivateNetworks };
    const cipher = new SecretCipher(config.secret, WEBHOOK_SECRET_CIPHER_PURPOSE);
    bindFactory(c, WEBHOOKS.Repository, [PLATFORM.Database], (db) => new PrismaWebhookRepository(db));
    bindFactory(c, WEBHOOKS.Deliveries, [PLATFORM.Database], (db) => new PrismaDeliveryQueue(db));
    bindFactory(
      c,
      WEBHOOKS.Worker,
      [WEBHOOKS.Deliveries, PLATFORM.Clock],
      (queue, clock) =>
        new DeliveryWorker(
          { queue, sender: new NodeWebhookSender(policy), secrets: cipher, clock, logger },
          { ...DEFAULT_DELIVERY_SETTINGS, timeoutMs: settings.timeoutMs, retrySchedule: settings.retrySchedule, pollIntervalMs: settings.pollIntervalMs },
        ),
    );
    bindFactory(
      c,
      WEBHOOKS.Outbox,
      [PLATFORM.Transactions, WEBHOOKS.Deliveries, PLATFORM.Clock, WEBHOOKS.Worker],
      (transactions, queue, clock, worker) => new OutboxEventRecorder({ transactions, queue, clock, enqueued: () => worker.wake() }),
    );
    bindFactory(
      c,
      WEBHOOKS.Manage,
      [WEBHOOKS.Repository, WEBHOOKS.Deliveries, PLATFORM.Clock, PLATFORM.EventTypes, WEBHOOKS.Worker],
      (webhooks, deliveries, clock, types, worker) =>
        new ManageWebhooks({ webhooks, deliveries, secrets: cipher, destinations: new DnsDestinationCheck(policy), clock, eventTypes: () => Object.keys(types), due: () => worker.wake() }),
    );
  },
  endpoints: [createWebhook, listWebhooks, updateWebhook, deleteWebhook, rotateWebhookSecret, listWebhookDeliveries, redeliverWebhook, listWebhookEventTypes],
  errors: [WEBHOOK_ERRORS],
  auditActions: {
    'webhook.create': 'Webhook created',
    'webhook.update': 'Webhook changed',
    'webhook.delete': 'Webhook deleted',
    'webhook.rotate-secret': 'Webhook secret rotated',
    'webhook.redeliver': 'Webhook delivery sent again',
  },
  eventSink: (c) => c.get(WEBHOOKS.Outbox),
  workers: (c) => [c.get(WEBHOOKS.Worker)],
  cleanup: (c) => {
    const deliveries = c.get(WEBHOOKS.Deliveries);
    const { retentionDays } = settingsOf(c.get(PLATFORM.Config), webhookSettings);
    return [{ name: 'webhook-deliveries', run: (now) => deliveries.purgeFinished(new Date(now.getTime() - retentionDays * DAY_MS)) }];
  },
};
