// SCIM's reads and writes of other packages' data, through those packages' own ports and use
// cases: memberships (@tend/organizations: its JoinOrganization, with the membership limit and
// its events). SCIM never queries their tables itself.
import { memberUnderPolicies, type JoinOrganization, type OrganizationStores } from '@tend/organizations';
import type { ScimMemberships } from './ports.js';

/** The owner role an organization keeps at least one of. */
const OWNER_ROLE = 'owner';

/**
 * SCIM's memberships, answered by the organizations package's member repository and join; a
 * role is read under the organization's policies (its access check, `memberUnderPolicies`).
 */
export function organizationMemberships(stores: { members: Pick<OrganizationStores['members'], 'findAccess' | 'findByUser' | 'remove'> }, join: Pick<JoinOrganization, 'execute'>): ScimMemberships {
  return {
    roleOf: async (organizationId, userId) => (await memberUnderPolicies(stores.members, userId, organizationId))?.member.role ?? null,
    join: (organizationId, userId, role, providerId) => join.execute({ organizationId, userId, role, via: 'scim', detail: { provider: providerId } }),
    leave: async (organizationId, userId) => {
      const member = await stores.members.findByUser(organizationId, userId);
      // The organization's only owner stays: an organization is never left ownerless.
      if (member) await stores.members.remove(member.id, { ownerRole: OWNER_ROLE });
    },
  };
}
