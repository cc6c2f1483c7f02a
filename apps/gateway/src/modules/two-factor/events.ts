import type { TwoFactorEvents } from '@tend/two-factor';
import type { AuditSink } from '../../http/mount.js';

/** The second factor's events as audit entries (with the client's address and agent); a failing sink never fails a request. */
export function auditedEvents(sink: AuditSink | null): TwoFactorEvents {
  return {
    record({ action, actorId, targetUserId, client, detail }) {
      try {
        sink?.record({ action, actorId, targetUserId, detail: detail ?? null, ipAddress: client?.ipAddress ?? null, userAgent: client?.userAgent ?? null });
      } catch {
        // an audit failure never fails the request
      }
    },
  };
}
