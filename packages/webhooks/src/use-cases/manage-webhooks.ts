import { raise, uuid, type Clock } from '@tend/kernel';
import type { Delivery, StoredWebhook, Webhook } from '../entities.js';
import { invalidField, WEBHOOK_ERRORS } from '../error-codes.js';
import type { DeliveryQueue, DestinationCheck, SecretSealer, WebhookPatch, WebhookRepository } from '../ports.js';
import { newWebhookSecret } from '../signing.js';

export interface ManageWebhooksDeps {
  webhooks: WebhookRepository;
  deliveries: Pick<DeliveryQueue, 'list' | 'findById' | 'redeliver'>;
  secrets: Pick<SecretSealer, 'encrypt'>;
  /** Refuses private destinations (unless AUTH_WEBHOOK_ALLOW_PRIVATE_NETWORKS=on: the adapter then allows them). */
  destinations: DestinationCheck;
  clock: Clock;
  /** The event types the modules declare. */
  eventTypes: () => readonly string[];
  /** Called when a delivery is due again (a redelivery): wakes this instance's worker. */
  due?: () => void;
}

export interface CreateWebhookInput {
  url: string;
  events: readonly string[];
  description?: string | null;
}

export interface UpdateWebhookInput {
  id: string;
  url?: string;
  events?: readonly string[];
  enabled?: boolean;
  description?: string | null;
}

/** A webhook without its secret. */
export function presentWebhook({ secret: _secret, ...webhook }: StoredWebhook): Webhook {
  return webhook;
}

/** The admin use cases of webhooks: create (the secret answered once), list, update, delete, rotate, deliveries, redeliver. */
export class ManageWebhooks {
  constructor(private readonly deps: ManageWebhooksDeps) {}

  async create(input: CreateWebhookInput): Promise<{ webhook: Webhook; secret: string }> {
    const events = this.checkEvents(input.events);
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const now = this.deps.clock.now();
    const stored = await this.deps.webhooks.create({
      id: uuid(),
      url: input.url,
      events,
      enabled: true,
      description: input.description ?? null,
      secret: this.deps.secrets.encrypt(secret),
      createdAt: now,
      updatedAt: now,
    });
    return { webhook: presentWebhook(stored), secret };
  }

  async list(): Promise<Webhook[]> {
    return (await this.deps.webhooks.list()).map(presentWebhook);
  }

  async update(input: UpdateWebhookInput): Promise<Webhook> {
    const patch: WebhookPatch = { updatedAt: this.deps.clock.now() };
    if (input.events !== undefined) patch.events = this.checkEvents(input.events);
    if (input.url !== undefined) {
      await this.checkUrl(input.url);
      patch.url = input.url;
    }
    if (input.enabled !== undefined) patch.enabled = input.enabled;
    if (input.description !== undefined) patch.description = input.description;
    const updated = await this.deps.webhooks.update(input.id, patch);
    if (!updated) throw raise(WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND);
    return presentWebhook(updated);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.deps.webhooks.delete(id))) throw raise(WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND);
  }

  /** A new secret; every later attempt (retries of earlier events too) is signed with it alone. */
  async rotateSecret(id: string): Promise<string> {
    const secret = newWebhookSecret();
    const updated = await this.deps.webhooks.update(id, { secret: this.deps.secrets.encrypt(secret), updatedAt: this.deps.clock.now() });
    if (!updated) throw raise(WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND);
    return secret;
  }

  async deliveries(page: { webhookId?: string; limit?: number; offset?: number }): Promise<Delivery[]> {
    if (page.webhookId && !(await this.deps.webhooks.findById(page.webhookId))) throw raise(WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND);
    return this.deps.deliveries.list({ webhookId: page.webhookId, limit: page.limit ?? 50, offset: page.offset ?? 0 });
  }

  /** A new attempt of a delivery, with its `webhook-id` and body (attempts counted on). */
  async redeliver(deliveryId: string): Promise<Delivery> {
    const delivery = await this.deps.deliveries.redeliver(deliveryId, this.deps.clock.now());
    if (!delivery) throw raise(WEBHOOK_ERRORS.WEBHOOK_DELIVERY_NOT_FOUND);
    this.deps.due?.();
    return delivery;
  }

  private checkEvents(events: readonly string[]): string[] {
    if (events.length === 0) throw invalidField('events', 'At least one event');
    const known = new Set(this.deps.eventTypes());
    const unknown = events.find((event) => !known.has(event));
    if (unknown !== undefined) throw invalidField('events', `Unknown event: ${unknown}`);
    return [...new Set(events)];
  }

  private async checkUrl(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidField('url', 'Invalid URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidField('url', 'Expected an http or https URL');
    const refused = await this.deps.destinations.check(url);
    if (refused) throw raise(WEBHOOK_ERRORS.WEBHOOK_URL_NOT_ALLOWED, { issues: [{ path: 'url', message: refused }] });
  }
}
