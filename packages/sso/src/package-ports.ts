// SSO's reads of other packages' data, through those packages' own ports: organizations and
// memberships (@tend/organizations), the audit log (@tend/admin) and users (@tend/identity).
// SSO never queries their tables itself.
import type { AuditLog } from '@tend/admin';
import type { UserRepository } from '@tend/identity';
import { memberUnderPolicies, type OrganizationStores } from '@tend/organizations';
import type { SsoMemberships, SsoSignInLog, SsoSignInRecord } from './ports.js';

/**
 * SSO's membership reads, answered by the organizations package's repositories; a role is read
 * under the organization's policies (its access check, `memberUnderPolicies`).
 */
export function organizationMemberships(stores: { organizations: Pick<OrganizationStores['organizations'], 'findById' | 'findBySlug'>; members: Pick<OrganizationStores['members'], 'findAccess' | 'listByUser'> }): SsoMemberships {
  return {
    roleOf: async (organizationId, userId) => (await memberUnderPolicies(stores.members, userId, organizationId))?.member.role ?? null,
    requiresTwoFactor: async (organizationId) => (await stores.organizations.findById(organizationId))?.requireTwoFactor === true,
    listOfUser: async (userId) => (await stores.members.listByUser(userId)).map(({ organizationId, role }) => ({ organizationId, role })),
    findOrganizationBySlug: async (slug) => {
      const organization = await stores.organizations.findBySlug(slug);
      return organization ? { id: organization.id } : null;
    },
    organizationExists: async (id) => (await stores.organizations.findById(id)) !== null,
  };
}

const SIGN_IN_ACTIONS = ['sign-in.success', 'sign-in.failure', 'sign-in.challenge'];

/** A provider's sign-ins from the audit log (the sign-in completion and the callbacks record them), with their users. */
export class AuditSsoSignInLog implements SsoSignInLog {
  constructor(
    private readonly audit: Pick<AuditLog, 'list'>,
    private readonly users: Pick<UserRepository, 'findByIds'>,
  ) {}

  async list(providerId: string, page: { limit: number; offset: number }): Promise<{ signIns: SsoSignInRecord[]; total: number }> {
    const { events, total } = await this.audit.list({ actions: SIGN_IN_ACTIONS, detail: { method: 'sso', provider: providerId }, limit: page.limit, offset: page.offset });
    const ids = [...new Set(events.map((event) => event.targetUserId ?? event.actorId).filter((id): id is string => id !== null))];
    const users = new Map((await this.users.findByIds(ids)).map((user) => [user.id, { id: user.id, email: user.email, name: user.name }]));
    return {
      total,
      signIns: events.map((event) => {
        const userId = event.targetUserId ?? event.actorId;
        const reason = event.detail?.reason;
        return {
          outcome: event.action === 'sign-in.success' ? 'success' : event.action === 'sign-in.challenge' ? 'challenge' : 'failure',
          user: userId ? (users.get(userId) ?? null) : null,
          reason: typeof reason === 'string' ? reason : null,
          ipAddress: event.ipAddress,
          createdAt: event.createdAt,
        };
      }),
    };
  }
}
