import { silentLogger, type Logger } from '@tend/kernel';
import type { AuditEvent } from './audit-event.js';
import type { AuditLog, AuditLogPage, AuditLogQuery } from './audit-log.port.js';
import { redactDetail } from './redact.js';

export interface BufferedAuditLogOptions {
  /** Events waiting to be written; past this, new events are dropped (and counted in a warning). */
  maxQueue: number;
}

/**
 * Records without making the caller wait or fail: `record` queues the event and answers at
 * once; one writer drains the queue in order into the inner log. A write that fails is logged
 * and skipped; a full queue drops new events with a warning, so a slow or broken database
 * costs memory up to `maxQueue` events and never a request. Call `flush()` before shutting down.
 */
export class BufferedAuditLog implements AuditLog {
  private readonly queue: AuditEvent[] = [];
  private draining: Promise<void> | null = null;
  private dropped = 0;
  private readonly options: BufferedAuditLogOptions;

  constructor(
    private readonly inner: AuditLog,
    private readonly logger: Logger = silentLogger,
    options: Partial<BufferedAuditLogOptions> = {},
  ) {
    this.options = { maxQueue: 1000, ...options };
  }

  /** Queues the event (its detail redacted once more) and resolves at once; never rejects. */
  record(event: AuditEvent): Promise<void> {
    if (this.queue.length >= this.options.maxQueue) {
      this.dropped += 1;
      // One warning per power of two keeps a flood of drops from flooding the log too.
      if ((this.dropped & (this.dropped - 1)) === 0) this.logger.warn('audit queue full: event dropped', { action: event.action, dropped: this.dropped });
      return Promise.resolve();
    }
    this.queue.push({ ...event, detail: redactDetail(event.detail) });
    // Start the writer on a later tick, so even its synchronous part never runs in the caller.
    this.draining ??= Promise.resolve().then(() => this.drain());
    return Promise.resolve();
  }

  list(query: AuditLogQuery): Promise<AuditLogPage> {
    return this.inner.list(query);
  }

  /** Resolves once every queued event has been written (or failed and been logged). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Events waiting to be written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Events dropped because the queue was full, since start. */
  get droppedCount(): number {
    return this.dropped;
  }

  private async drain(): Promise<void> {
    try {
      for (let event = this.queue.shift(); event; event = this.queue.shift()) {
        try {
          await this.inner.record(event);
        } catch (error) {
          this.logger.error('audit event not recorded', { action: event.action, eventId: event.id, error: error instanceof Error ? error.message : String(error) });
        }
      }
    } finally {
      this.draining = null;
    }
  }
}
