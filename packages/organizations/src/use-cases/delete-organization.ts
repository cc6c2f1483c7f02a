import { raise } from '@tend/kernel';
import type { Actor, Organization } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { requireMembership, requirePermission } from './access.js';

export interface DeleteOrganizationResult {
  /** The response body: the organization as it was. */
  organization: Organization;
  /** The caller's session's active organization after the call. */
  activeOrganizationId: string | null;
}

/**
 * POST /organization/delete: by a member with organization delete permission (the owner). Its
 * members, invitations and teams go with it, and every session that had it active is cleared.
 */
export class DeleteOrganization {
  constructor(private readonly stores: Pick<OrganizationStores, 'organizations' | 'members' | 'activeOrganizations' | 'roles'>) {}

  async execute(input: { actor: Actor; organizationId: string }): Promise<DeleteOrganizationResult> {
    const { actor, organizationId } = input;
    if (!organizationId) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    const member = await requireMembership(this.stores.members, actor, organizationId, ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    await requirePermission(this.stores.roles, member, { organization: ['delete'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION);
    const organization = await this.stores.organizations.delete(organizationId);
    if (!organization) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    await this.stores.activeOrganizations.clearForOrganization(organizationId);
    const activeOrganizationId = actor.activeOrganizationId === organizationId ? null : actor.activeOrganizationId;
    return { organization, activeOrganizationId };
  }
}
