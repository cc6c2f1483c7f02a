// The recent activity in two statements on the driver-level path (`@tend/database`'s SqlHandle),
// sent at once: the page (from the (targetUserId, createdAt) index, newest first) and its total
// (an index-only count on audit_event_activity_idx). Prisma's per-query work doubled a page's
// cost at 10,000 events (docs/performance.md).
import type { SqlHandle } from '@tend/database';
import type { ActivityEvent, ActivityLog } from '../../account-activity.js';

const PAGE = `SELECT id, action, "createdAt", "ipAddress", "userAgent", detail->>'method' AS method
  FROM audit_event WHERE "targetUserId" = $1 AND action = ANY($2::text[])
  ORDER BY "createdAt" DESC, id DESC LIMIT $3 OFFSET $4`;
const TOTAL = `SELECT count(*)::int AS total FROM audit_event WHERE "targetUserId" = $1 AND action = ANY($2::text[])`;

export class SqlActivityLog implements ActivityLog {
  constructor(private readonly sql: SqlHandle) {}

  async page({ userId, actions, limit, offset }: { userId: string; actions: readonly string[]; limit: number; offset: number }) {
    const [rows, [count]] = await Promise.all([
      this.sql.query<ActivityEvent>('tend_activity_page', PAGE, [userId, actions, limit, offset]),
      this.sql.query<{ total: number }>('tend_activity_total', TOTAL, [userId, actions]),
    ]);
    return {
      events: rows.map((row) => ({ id: row.id, action: row.action, createdAt: row.createdAt, ipAddress: row.ipAddress, userAgent: row.userAgent, method: row.method ?? null })),
      total: Number(count?.total ?? 0),
    };
  }
}
