export type { Webhook, StoredWebhook, Delivery, DeliveryStatus, DueDelivery, EventBody } from './entities.js';
export type { WebhookRepository, WebhookPatch, DeliveryQueue, AttemptResult, WebhookSender, SendResult, DestinationCheck, SecretSealer } from './ports.js';
export { WEBHOOK_ERRORS, invalidField } from './error-codes.js';
export { newWebhookSecret, signDelivery, deliveryHeaders } from './signing.js';
export { isInternalAddress } from './destinations.js';
export { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule, nextAttemptAt } from './schedule.js';
export { OutboxEventRecorder, type OutboxDeps } from './outbox.js';
export { DeliveryWorker, DEFAULT_DELIVERY_SETTINGS, type DeliverySettings, type DeliveryWorkerDeps } from './delivery-worker.js';
export { ManageWebhooks, presentWebhook, type ManageWebhooksDeps, type CreateWebhookInput, type UpdateWebhookInput } from './use-cases/manage-webhooks.js';
export { MemoryWebhookRepository, MemoryDeliveryQueue } from './adapters/memory/memory-webhook-store.js';
/** The cipher purpose of webhook secrets (HKDF info under AUTH_SECRET). */
export const WEBHOOK_SECRET_CIPHER_PURPOSE = 'tend.webhook-secret';
