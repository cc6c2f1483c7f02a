import type { MemoryTables } from '@tend/kernel';
import type { AuditEvent } from '../../audit/audit-event.js';
import type { AuditLog, AuditLogPage, AuditLogQuery } from '../../audit/audit-log.port.js';

/** The audit log in a memory table; events stay when their users are removed, as in the database. */
export class MemoryAuditLog implements AuditLog {
  private readonly events: Map<string, AuditEvent>;

  constructor(tables: MemoryTables) {
    this.events = tables.table<AuditEvent>('audit_events');
  }

  async record(event: AuditEvent): Promise<void> {
    if (this.events.has(event.id)) throw new Error('Audit event already exists');
    this.events.set(event.id, structuredClone(event));
  }

  async list(query: AuditLogQuery): Promise<AuditLogPage> {
    const matching = [...this.events.values()]
      .filter((event) => !query.userId || event.actorId === query.userId || event.targetUserId === query.userId)
      .filter((event) => !query.targetUserId || event.targetUserId === query.targetUserId)
      .filter((event) => matchesAction(event.action, query.action))
      .filter((event) => !query.actions || query.actions.includes(event.action))
      .filter((event) => Object.entries(query.detail ?? {}).every(([key, value]) => (event.detail as Record<string, unknown> | null)?.[key] === value))
      // Newest first; the id orders events of the same millisecond, as the Prisma adapter does.
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { events: matching.slice(query.offset, query.offset + query.limit).map((event) => structuredClone(event)), total: matching.length };
  }
}

/** `action` exactly, or a family: 'organization.member.*' matches every action that starts with 'organization.member.'. */
export function matchesAction(action: string, wanted: string | null | undefined): boolean {
  if (!wanted) return true;
  return wanted.endsWith('.*') ? action.startsWith(wanted.slice(0, -1)) : action === wanted;
}
