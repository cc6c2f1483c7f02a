import type { Actor } from '../actor.js';
import type { AuditEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import { pageLimit, pageOffset } from '../user-list-query.js';

export interface ListAuditEventsInput {
  actor: Actor;
  /** Events the user caused or underwent. */
  userId?: string | null;
  /** One action, or a family ('organization.member.*'). */
  action?: string | null;
  /** Default and maximum 100. */
  limit?: string | number | null;
  offset?: string | number | null;
}

/** GET /admin/audit-log: needs user list. Newest first, paged like list-users. */
export class ListAuditEvents {
  private readonly config: AdminConfig;

  constructor(
    private readonly audit: AuditLog,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: ListAuditEventsInput): Promise<{ events: AuditEvent[]; total: number; limit: number; offset: number }> {
    authorizeAdmin(input.actor, 'audit-log', this.config);
    const limit = pageLimit(input.limit);
    const offset = pageOffset(input.offset);
    const { events, total } = await this.audit.list({ userId: input.userId || null, action: input.action || null, limit, offset });
    return { events, total, limit, offset };
  }
}
