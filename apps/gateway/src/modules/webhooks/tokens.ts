import type { DeliveryQueue, DeliveryWorker, ManageWebhooks, WebhookRepository } from '@tend/webhooks';
import type { EventRecorder } from '@tend/kernel';
import { token } from '../../di.js';

export const WEBHOOKS = {
  Repository: token<WebhookRepository>('WebhookRepository'),
  Deliveries: token<DeliveryQueue>('WebhookDeliveries'),
  Worker: token<DeliveryWorker>('WebhookDeliveryWorker'),
  /** The transactional outbox: the gateway's event sink. */
  Outbox: token<EventRecorder>('WebhookOutbox'),
  Manage: token<ManageWebhooks>('ManageWebhooks'),
} as const;
