import { silentLogger, type Clock, type Logger } from '@tend/kernel';
import type { DueDelivery } from './entities.js';
import type { DeliveryQueue, SecretSealer, WebhookSender } from './ports.js';
import { nextAttemptAt } from './schedule.js';
import { deliveryHeaders } from './signing.js';

export interface DeliverySettings {
  /** How long a receiver has to answer (AUTH_WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Seconds before each retry (AUTH_WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: readonly number[];
  /** How often the worker looks for due deliveries besides being woken (AUTH_WEBHOOK_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** Attempts in flight at once on this instance. */
  concurrency: number;
  /** How long a taken delivery stays leased beyond the timeout before another instance may take it. */
  leaseMarginMs: number;
}

export const DEFAULT_DELIVERY_SETTINGS: Omit<DeliverySettings, 'retrySchedule'> = { timeoutMs: 10_000, pollIntervalMs: 1_000, concurrency: 16, leaseMarginMs: 5_000 };

export interface DeliveryWorkerDeps {
  queue: Pick<DeliveryQueue, 'claim' | 'settle'>;
  sender: WebhookSender;
  secrets: Pick<SecretSealer, 'decrypt'>;
  clock: Clock;
  logger?: Logger;
}

/**
 * Sends due deliveries, off the request path: on every instance, woken after a commit that
 * enqueued some and every `pollIntervalMs`. Deliveries are taken with a lease (the timeout plus a
 * margin), so a dead instance's are taken again by another; a non-2xx answer or none within the
 * timeout is retried on the schedule with the same `webhook-id` and body, then `failed`.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly inFlight = new Map<string, { done: Promise<void>; abort: AbortController }>();

  constructor(
    private readonly deps: DeliveryWorkerDeps,
    private readonly settings: DeliverySettings,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.settings.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due deliveries now (again once the current look ends, if one is running). */
  wake(): void {
    if (this.stopped) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    this.loop = this.run().finally(() => {
      this.loop = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Stops looking, aborts the attempts in flight and hands their deliveries back (due at once, attempts kept). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const { abort } of this.inFlight.values()) abort.abort();
    await this.loop;
    await Promise.all([...this.inFlight.values()].map(({ done }) => done));
  }

  /** Resolves once nothing is due and nothing is in flight (tests). */
  async idle(): Promise<void> {
    while (this.loop || this.inFlight.size > 0) {
      await this.loop;
      await Promise.all([...this.inFlight.values()].map(({ done }) => done));
    }
  }

  private async run(): Promise<void> {
    const { queue, clock, logger = silentLogger } = this.deps;
    try {
      while (!this.stopped) {
        const room = this.settings.concurrency - this.inFlight.size;
        if (room <= 0) return;
        const now = clock.now();
        const due = await queue.claim(now, room, new Date(now.getTime() + this.settings.timeoutMs + this.settings.leaseMarginMs));
        for (const delivery of due) this.begin(delivery);
        if (due.length < room) return;
      }
    } catch (error) {
      logger.error('webhook delivery: could not take due deliveries', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private begin(delivery: DueDelivery): void {
    const abort = new AbortController();
    const done = this.attempt(delivery, abort.signal)
      .catch((error: unknown) => {
        (this.deps.logger ?? silentLogger).error('webhook delivery: attempt not recorded', { deliveryId: delivery.id, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.wake();
      });
    this.inFlight.set(delivery.id, { done, abort });
  }

  private async attempt(delivery: DueDelivery, signal: AbortSignal): Promise<void> {
    const { queue, sender, secrets, clock } = this.deps;
    const secret = secrets.decrypt(delivery.secret);
    const sentAt = clock.now();
    const result = secret
      ? await sender.send({ url: delivery.url, headers: deliveryHeaders(secret, delivery.id, sentAt, delivery.payload), body: delivery.payload, timeoutMs: this.settings.timeoutMs, signal })
      : ({ ok: false, status: null, error: 'the signing secret cannot be read (AUTH_SECRET changed?)' } as const);
    const now = clock.now();
    if (this.stopped && signal.aborted) {
      // This instance is going away: the delivery is due again at once, for any instance.
      await queue.settle(delivery.id, { status: 'pending', attempts: delivery.attempts, nextAttemptAt: now, lastStatusCode: null, lastError: 'instance stopped', now });
      return;
    }
    const attempts = delivery.attempts + 1;
    if (result.ok) {
      await queue.settle(delivery.id, { status: 'succeeded', attempts, nextAttemptAt: now, lastStatusCode: result.status, lastError: null, now });
      return;
    }
    const next = nextAttemptAt(this.settings.retrySchedule, attempts, now);
    await queue.settle(delivery.id, { status: next ? 'pending' : 'failed', attempts, nextAttemptAt: next ?? now, lastStatusCode: result.status, lastError: result.error.slice(0, 500), now });
  }
}
