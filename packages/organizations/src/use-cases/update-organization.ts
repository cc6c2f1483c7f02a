import { GENERAL_ERRORS, raise } from '@tend/kernel';
import type { Actor, Organization } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationPatch, OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership, requirePermission } from './access.js';

export interface UpdateOrganizationInput {
  actor: Actor;
  /** Defaults to the active organization. */
  organizationId?: string | null;
  data: OrganizationPatch;
}

/**
 * POST /organization/update: name, slug, logo or metadata, by a member with organization
 * update permission (owner, admin). A slug another organization has answers 400 slug is taken.
 */
export class UpdateOrganization {
  constructor(private readonly stores: Pick<OrganizationStores, 'organizations' | 'members' | 'roles'>) {}

  async execute(input: UpdateOrganizationInput): Promise<Organization> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const member = await requireMembership(this.stores.members, input.actor, organizationId, ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    await requirePermission(this.stores.roles, member, { organization: ['update'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
    const { name, slug, logo, metadata } = input.data;
    if (name === '' || slug === '') throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
    const updated = await this.stores.organizations.update(organizationId, { name, slug, logo, metadata });
    if (!updated.ok) throw raise(updated.reason === 'slug-taken' ? ORGANIZATION_ERRORS.SLUG_IS_TAKEN : ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    return updated.value;
  }
}
