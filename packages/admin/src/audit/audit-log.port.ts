import type { AuditEvent } from './audit-event.js';

export interface AuditLogQuery {
  /** Events this user caused or underwent (actorId or targetUserId). */
  userId?: string | null;
  /** Events this user underwent (targetUserId only: never what they did to others). */
  targetUserId?: string | null;
  /** One action, or a family with a trailing `.*` ('organization.member.*'). */
  action?: string | null;
  /** Any of these actions, exactly. */
  actions?: readonly string[];
  /** Events whose detail holds each of these top-level string values (`{ method: 'sso', provider: 'corp' }`). */
  detail?: Readonly<Record<string, string>>;
  limit: number;
  offset: number;
}

export interface AuditLogPage {
  /** Newest first. */
  events: AuditEvent[];
  /** How many events match the query, across all pages. */
  total: number;
}

/** Where audit events are kept. Wrap it in BufferedAuditLog so recording never holds up a request. */
export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  list(query: AuditLogQuery): Promise<AuditLogPage>;
}
