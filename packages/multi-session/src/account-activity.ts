import type { AuditLog } from '@tend/admin';

/**
 * The security events a person sees of their own account (`GET /account-activity`): sign-ins and
 * failed password attempts, password and address changes, ended sessions, second-factor and
 * passkey changes, linked accounts, bans. Only events the account underwent (its `targetUserId`),
 * never what its owner did to others.
 */
export const ACTIVITY_ACTIONS: readonly string[] = [
  'sign-in.success',
  'sign-in.failure',
  'sign-in.challenge',
  'password.change',
  'password.reset',
  'email.change',
  'session.revoke',
  'sessions.revoke-all',
  'sessions.revoke-others',
  'two-factor.enabled',
  'two-factor.disabled',
  'two-factor.backup-codes-regenerated',
  'two-factor.failure',
  'two-factor.locked',
  'two-factor.lockout-cleared',
  'two-factor.reset',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'account.linked',
  'account.unlinked',
  'account.claimed',
  'user.ban',
  'user.unban',
  'user.password.set',
  'impersonation.start',
];

export const ACTIVITY_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

export interface ActivityEvent {
  id: string;
  action: string;
  createdAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** How a sign-in was made or tried (the event's `detail.method`), else null. */
  method: string | null;
}

export interface ActivityPage {
  events: ActivityEvent[];
  total: number;
}

/** Where a user's own events are read: the audit log (any adapter), or one statement each for the page and its total (`@tend/multi-session/sql`). */
export interface ActivityLog {
  page(query: { userId: string; actions: readonly string[]; limit: number; offset: number }): Promise<ActivityPage>;
}

/** The activity read through the audit log's port (memory, Prisma). */
export function auditLogActivity(log: Pick<AuditLog, 'list'>): ActivityLog {
  return {
    async page({ userId, actions, limit, offset }) {
      const found = await log.list({ targetUserId: userId, actions, limit, offset });
      return {
        events: found.events.map(({ id, action, createdAt, ipAddress, userAgent, detail }) => ({
          id,
          action,
          createdAt,
          ipAddress,
          userAgent,
          method: typeof detail?.method === 'string' ? detail.method : null,
        })),
        total: found.total,
      };
    },
  };
}

/** One page of a user's own security events, newest first, with how many there are. */
export class ListAccountActivity {
  constructor(private readonly deps: { log: ActivityLog }) {}

  execute(userId: string, page: { limit?: number; offset?: number } = {}): Promise<ActivityPage> {
    const limit = Math.min(Math.max(page.limit ?? ACTIVITY_PAGE.defaultLimit, 1), ACTIVITY_PAGE.maxLimit);
    return this.deps.log.page({ userId, actions: ACTIVITY_ACTIONS, limit, offset: page.offset ?? 0 });
  }
}
