import { newAuditEvent, type AuditLog } from '@tend/admin';
import type { Clock, Logger } from '@tend/kernel';
import type { AuditSink } from '../../http/mount.js';

/**
 * Where mount and the sign-in completion hand every audit entry: made into an event (id, time,
 * redacted detail) and queued on the buffered audit log, so recording never holds up or fails a
 * request.
 */
export class AuditLogSink implements AuditSink {
  constructor(
    private readonly log: AuditLog,
    /** The actions the modules declare, with their labels. */
    private readonly actions: Readonly<Record<string, string>>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  record(entry: Parameters<AuditSink['record']>[0]): void {
    // Kept all the same (the column is text): losing an event is worse than an undeclared name.
    if (!Object.hasOwn(this.actions, entry.action)) this.logger.warn('audit action not declared by any module', { action: entry.action });
    void this.log.record(newAuditEvent(entry, this.clock.now()));
  }
}
