import { uuid, type MemoryTables } from '@tend/kernel';
import type { Delivery, DueDelivery, StoredWebhook } from '../../entities.js';
import type { AttemptResult, DeliveryQueue, WebhookPatch, WebhookRepository } from '../../ports.js';

interface DeliveryRow extends Delivery {
  payload: string;
  updatedAt: Date;
}

const WEBHOOKS = 'webhooks';
const DELIVERIES = 'webhook_deliveries';

/** Webhooks in memory (tests, a single process); deleting one deletes its deliveries. */
export class MemoryWebhookRepository implements WebhookRepository {
  private readonly rows: Map<string, StoredWebhook>;

  constructor(private readonly tables: MemoryTables) {
    this.rows = tables.table<StoredWebhook>(WEBHOOKS);
  }

  async create(webhook: StoredWebhook): Promise<StoredWebhook> {
    this.rows.set(webhook.id, { ...webhook, events: [...webhook.events] });
    return { ...webhook };
  }

  async findById(id: string): Promise<StoredWebhook | null> {
    const found = this.rows.get(id);
    return found ? { ...found } : null;
  }

  async list(): Promise<StoredWebhook[]> {
    return [...this.rows.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map((webhook) => ({ ...webhook }));
  }

  async update(id: string, patch: WebhookPatch): Promise<StoredWebhook | null> {
    const found = this.rows.get(id);
    if (!found) return null;
    const updated = { ...found, ...patch };
    this.rows.set(id, updated);
    return { ...updated };
  }

  async delete(id: string): Promise<boolean> {
    if (!this.rows.has(id)) return false;
    this.tables.deleteRow(WEBHOOKS, id);
    const deliveries = this.tables.table<DeliveryRow>(DELIVERIES);
    for (const [key, row] of deliveries) if (row.webhookId === id) deliveries.delete(key);
    return true;
  }
}

/** The outbox in memory: a claim is atomic on the event loop. */
export class MemoryDeliveryQueue implements DeliveryQueue {
  private readonly webhooks: Map<string, StoredWebhook>;
  private readonly rows: Map<string, DeliveryRow>;

  constructor(tables: MemoryTables) {
    this.webhooks = tables.table<StoredWebhook>(WEBHOOKS);
    this.rows = tables.table<DeliveryRow>(DELIVERIES);
  }

  async enqueue(event: { type: string; payload: string }, now: Date): Promise<number> {
    let count = 0;
    for (const webhook of this.webhooks.values()) {
      if (!webhook.enabled || !webhook.events.includes(event.type)) continue;
      const id = `msg_${uuid().replaceAll('-', '')}`;
      this.rows.set(id, { id, webhookId: webhook.id, eventType: event.type, payload: event.payload, status: 'pending', attempts: 0, lastStatusCode: null, lastError: null, nextAttemptAt: now, createdAt: now, updatedAt: now });
      count += 1;
    }
    return count;
  }

  async claim(now: Date, limit: number, leaseUntil: Date): Promise<DueDelivery[]> {
    const due = [...this.rows.values()]
      .filter((row) => row.status === 'pending' && row.nextAttemptAt <= now && this.webhooks.get(row.webhookId)?.enabled)
      .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
      .slice(0, limit);
    return due.map((row) => {
      row.nextAttemptAt = leaseUntil;
      const webhook = this.webhooks.get(row.webhookId)!;
      return { id: row.id, webhookId: row.webhookId, eventType: row.eventType, payload: row.payload, attempts: row.attempts, url: webhook.url, secret: webhook.secret };
    });
  }

  async settle(id: string, result: AttemptResult): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    Object.assign(row, { status: result.status, attempts: result.attempts, nextAttemptAt: result.nextAttemptAt, lastStatusCode: result.lastStatusCode, lastError: result.lastError, updatedAt: result.now });
  }

  async list(page: { webhookId?: string; limit: number; offset: number }): Promise<Delivery[]> {
    return [...this.rows.values()]
      .filter((row) => !page.webhookId || row.webhookId === page.webhookId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(page.offset, page.offset + page.limit)
      .map(present);
  }

  async findById(id: string): Promise<Delivery | null> {
    const row = this.rows.get(id);
    return row ? present(row) : null;
  }

  async redeliver(id: string, now: Date): Promise<Delivery | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    Object.assign(row, { status: 'pending', nextAttemptAt: now, updatedAt: now });
    return present(row);
  }

  async purgeFinished(before: Date): Promise<number> {
    let count = 0;
    for (const [id, row] of this.rows) {
      if (row.status !== 'pending' && row.createdAt < before) {
        this.rows.delete(id);
        count += 1;
      }
    }
    return count;
  }
}

function present({ payload: _payload, updatedAt: _updatedAt, ...delivery }: DeliveryRow): Delivery {
  return { ...delivery };
}
