/** A receiver of events, as admins see it: never its secret. */
export interface Webhook {
  id: string;
  url: string;
  /** The event types it receives (`user.deleted`…). */
  events: string[];
  enabled: boolean;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A webhook as stored: with its signing secret, encrypted (`enc.v1.`). */
export interface StoredWebhook extends Webhook {
  secret: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One event for one webhook: the outbox row, written in the change's transaction. Its id is the
 * `webhook-id` header of every attempt (a consumer deduplicates on it).
 */
export interface Delivery {
  id: string;
  webhookId: string;
  eventType: string;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** The receiver's last answer (null: none yet, or none within the timeout). */
  lastStatusCode: number | null;
  lastError: string | null;
  /** When a worker may take it next (while an attempt is in flight: the end of its lease). */
  nextAttemptAt: Date;
  createdAt: Date;
}

/** A delivery a worker took: what to send, where, and the (encrypted) secret to sign it with. */
export interface DueDelivery {
  id: string;
  webhookId: string;
  eventType: string;
  /** The JSON body, fixed when the event happened. */
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

/** What an event's delivery body is: `{type, timestamp, data}`. */
export interface EventBody {
  type: string;
  /** When it happened (ISO 8601): order by it, deliveries come in no guaranteed order. */
  timestamp: string;
  data: Readonly<Record<string, unknown>>;
}
