import { isNotFound, type Database } from '@tend/database';
import type { Delivery, DeliveryStatus, DueDelivery, StoredWebhook } from '../../entities.js';
import type { AttemptResult, DeliveryQueue, WebhookPatch, WebhookRepository } from '../../ports.js';

/** A Date as the UTC wall time the `timestamp(3)` columns hold (how Prisma writes them). */
const utc = (date: Date) => date.toISOString();

export class PrismaWebhookRepository implements WebhookRepository {
  constructor(private readonly db: Database) {}

  async create(webhook: StoredWebhook): Promise<StoredWebhook> {
    return this.db.webhook.create({ data: webhook });
  }

  findById(id: string): Promise<StoredWebhook | null> {
    return this.db.webhook.findUnique({ where: { id } });
  }

  list(): Promise<StoredWebhook[]> {
    return this.db.webhook.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  async update(id: string, patch: WebhookPatch): Promise<StoredWebhook | null> {
    try {
      return await this.db.webhook.update({ where: { id }, data: patch });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const { count } = await this.db.webhook.deleteMany({ where: { id } });
    return count > 0;
  }
}

interface DueRow {
  id: string;
  webhookId: string;
  eventType: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * The outbox on PostgreSQL (and PGlite: one code path). `enqueue` is one INSERT … SELECT of the
 * subscribed, enabled webhooks, in whatever transaction is around it; `claim` is one UPDATE of
 * the rows a `FOR UPDATE SKIP LOCKED` subquery took, so workers on several instances never take
 * the same row, and a taken row is leased (its `nextAttemptAt` moved to the lease's end).
 */
export class PrismaDeliveryQueue implements DeliveryQueue {
  constructor(private readonly db: Database) {}

  enqueue(event: { type: string; payload: string }, now: Date): Promise<number> {
    const at = utc(now);
    return this.db.$executeRaw`
      INSERT INTO "webhook_delivery" ("id", "webhookId", "eventType", "payload", "status", "attempts", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w."id", ${event.type}, ${event.payload}, 'pending', 0,
             (${at}::timestamptz AT TIME ZONE 'UTC'), (${at}::timestamptz AT TIME ZONE 'UTC'), (${at}::timestamptz AT TIME ZONE 'UTC')
      FROM "webhook" w
      WHERE w."enabled" AND ${event.type} = ANY (w."events")`;
  }

  async claim(now: Date, limit: number, leaseUntil: Date): Promise<DueDelivery[]> {
    const at = utc(now);
    const rows = await this.db.$queryRaw<DueRow[]>`
      UPDATE "webhook_delivery" AS d
      SET "nextAttemptAt" = (${utc(leaseUntil)}::timestamptz AT TIME ZONE 'UTC'), "updatedAt" = (${at}::timestamptz AT TIME ZONE 'UTC')
      FROM (
        SELECT due."id" FROM "webhook_delivery" AS due
        JOIN "webhook" AS hook ON hook."id" = due."webhookId"
        WHERE due."status" = 'pending' AND due."nextAttemptAt" <= (${at}::timestamptz AT TIME ZONE 'UTC') AND hook."enabled"
        ORDER BY due."nextAttemptAt"
        LIMIT ${limit}
        FOR UPDATE OF due SKIP LOCKED
      ) AS taken, "webhook" AS w
      WHERE d."id" = taken."id" AND w."id" = d."webhookId"
      RETURNING d."id", d."webhookId", d."eventType", d."payload", d."attempts", w."url", w."secret"`;
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
  }

  async settle(id: string, result: AttemptResult): Promise<void> {
    await this.db.webhookDelivery.updateMany({
      where: { id },
      data: { status: result.status, attempts: result.attempts, nextAttemptAt: result.nextAttemptAt, lastStatusCode: result.lastStatusCode, lastError: result.lastError, updatedAt: result.now },
    });
  }

  async list(page: { webhookId?: string; limit: number; offset: number }): Promise<Delivery[]> {
    const rows = await this.db.webhookDelivery.findMany({
      where: page.webhookId ? { webhookId: page.webhookId } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: page.limit,
      skip: page.offset,
      omit: { payload: true, updatedAt: true },
    });
    return rows.map(toDelivery);
  }

  async findById(id: string): Promise<Delivery | null> {
    const row = await this.db.webhookDelivery.findUnique({ where: { id }, omit: { payload: true, updatedAt: true } });
    return row && toDelivery(row);
  }

  async redeliver(id: string, now: Date): Promise<Delivery | null> {
    try {
      const row = await this.db.webhookDelivery.update({ where: { id }, data: { status: 'pending', nextAttemptAt: now, updatedAt: now }, omit: { payload: true, updatedAt: true } });
      return toDelivery(row);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async purgeFinished(before: Date): Promise<number> {
    const { count } = await this.db.webhookDelivery.deleteMany({ where: { status: { in: ['succeeded', 'failed'] }, createdAt: { lt: before } } });
    return count;
  }
}

function toDelivery(row: Omit<Delivery, 'status'> & { status: string }): Delivery {
  return { ...row, status: row.status as DeliveryStatus };
}
