import { AUDIT_ACTIONS, newAuditEvent, type AuditAction, type AuditLog } from '@tend/admin';
import type { Clock, Logger } from '@tend/kernel';
import type { AuditSink } from '../../http/mount.js';

const KNOWN: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/**
 * Where mount hands every endpoint's audit entry: made into an event (id, time, redacted detail)
 * and queued on the buffered audit log, so recording never holds up or fails a request.
 */
export class AuditLogSink implements AuditSink {
  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  record(entry: Parameters<AuditSink['record']>[0]): void {
    // Kept all the same (the column is text): losing an event is worse than an unlisted name.
    if (!KNOWN.has(entry.action)) this.logger.warn('audit action not in AUDIT_ACTIONS', { action: entry.action });
    void this.log.record(newAuditEvent({ ...entry, action: entry.action as AuditAction }, this.clock.now()));
  }
}
