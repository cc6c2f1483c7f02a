import type { Database, Prisma } from '@tend/database';
import type { AuditAction, AuditEvent } from '../../audit/audit-event.js';
import type { AuditLog, AuditLogPage, AuditLogQuery } from '../../audit/audit-log.port.js';
import type { AuditDetail } from '../../audit/redact.js';
import { escapeLike } from './like.js';

type AuditEventRow = Omit<AuditEvent, 'action' | 'detail'> & { action: string; detail: Prisma.JsonValue | null };

/** The audit log in the `audit_event` table; each listing is one page query and one count, on its indexes. */
export class PrismaAuditLog implements AuditLog {
  constructor(private readonly db: Database) {}

  async record(event: AuditEvent): Promise<void> {
    await this.db.auditEvent.create({
      data: {
        id: event.id,
        actorId: event.actorId,
        targetUserId: event.targetUserId,
        organizationId: event.organizationId,
        action: event.action,
        ipAddress: event.ipAddress,
        userAgent: event.userAgent,
        detail: event.detail ?? undefined,
        createdAt: event.createdAt,
      },
    });
  }

  async list(query: AuditLogQuery): Promise<AuditLogPage> {
    const where: Prisma.AuditEventWhereInput = {};
    if (query.userId) where.OR = [{ actorId: query.userId }, { targetUserId: query.userId }];
    if (query.targetUserId) where.targetUserId = query.targetUserId;
    const and: Prisma.AuditEventWhereInput[] = [];
    if (query.action) and.push({ action: query.action.endsWith('.*') ? { startsWith: escapeLike(query.action.slice(0, -1)) } : query.action });
    if (query.actions) and.push({ action: { in: [...query.actions] } });
    for (const [key, value] of Object.entries(query.detail ?? {})) and.push({ detail: { path: [key], equals: value } });
    if (and.length > 0) where.AND = and;
    const [rows, total] = await Promise.all([
      this.db.auditEvent.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: query.limit, skip: query.offset }),
      this.db.auditEvent.count({ where }),
    ]);
    return { events: rows.map(toAuditEvent), total };
  }
}

/** A row as the entity, field by field. */
function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    actorId: row.actorId,
    targetUserId: row.targetUserId,
    organizationId: row.organizationId,
    action: row.action as AuditAction,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    detail: (row.detail ?? null) as AuditDetail | null,
    createdAt: row.createdAt,
  };
}
