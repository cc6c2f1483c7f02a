import type { Delivery, DeliveryStatus, DueDelivery, StoredWebhook } from './entities.js';

export type WebhookPatch = Partial<Pick<StoredWebhook, 'url' | 'events' | 'enabled' | 'description' | 'secret'>> & { updatedAt: Date };

/** Where webhooks live. */
export interface WebhookRepository {
  create(webhook: StoredWebhook): Promise<StoredWebhook>;
  findById(id: string): Promise<StoredWebhook | null>;
  /** Every webhook, oldest first. */
  list(): Promise<StoredWebhook[]>;
  /** null when there is no such webhook. */
  update(id: string, patch: WebhookPatch): Promise<StoredWebhook | null>;
  /** Deletes it with its deliveries; false when there was none. */
  delete(id: string): Promise<boolean>;
}

/** An attempt's result, as a worker stores it. */
export interface AttemptResult {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  now: Date;
}

/**
 * The outbox and its queue. `enqueue` runs in the caller's transaction (the change's); `claim`
 * is how workers on every instance share the work: each due row goes to one of them
 * (`FOR UPDATE SKIP LOCKED`), leased until `leaseUntil`, after which a row whose worker died
 * is due again.
 */
export interface DeliveryQueue {
  /** One pending delivery of `payload` per enabled webhook subscribed to `type`, due at `now`; answers how many. */
  enqueue(event: { type: string; payload: string }, now: Date): Promise<number>;
  /** Up to `limit` pending deliveries due at `now` of enabled webhooks, oldest due first, each leased until `leaseUntil`. */
  claim(now: Date, limit: number, leaseUntil: Date): Promise<DueDelivery[]>;
  /** Stores an attempt's result. */
  settle(id: string, result: AttemptResult): Promise<void>;
  /** A webhook's deliveries (every webhook's without one), newest first. */
  list(page: { webhookId?: string; limit: number; offset: number }): Promise<Delivery[]>;
  findById(id: string): Promise<Delivery | null>;
  /** Makes a delivery pending and due at `now` (its attempts kept); null when there is none. */
  redeliver(id: string, now: Date): Promise<Delivery | null>;
  /** Deletes the finished deliveries (succeeded or failed) created before `before`; answers how many. */
  purgeFinished(before: Date): Promise<number>;
}

/** The answer of one POST to a receiver. */
export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** Sends one delivery (the adapter refuses private addresses at connection time unless allowed). */
export interface WebhookSender {
  send(request: { url: string; headers: Record<string, string>; body: string; timeoutMs: number; signal?: AbortSignal }): Promise<SendResult>;
}

/** Checks a destination before it is stored: null when allowed, else why not. */
export interface DestinationCheck {
  check(url: string): Promise<string | null>;
}

/** Encrypts secrets at rest (the kernel's SecretCipher under AUTH_SECRET). */
export interface SecretSealer {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string | null;
}
