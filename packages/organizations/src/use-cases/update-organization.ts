import { GENERAL_ERRORS, raise } from '@tend/kernel';
import type { Actor, Organization } from '../entities.js';
import { ORGANIZATION_ERRORS, TWO_FACTOR_POLICY_ERRORS } from '../error-codes.js';
import type { OrganizationPatch, OrganizationStores } from '../ports.js';
import { memberUnderPolicies, organizationIdFor, requirePermission } from './access.js';

export interface UpdateOrganizationInput {
  actor: Actor;
  /** Defaults to the active organization. */
  organizationId?: string | null;
  data: OrganizationPatch;
}

/**
 * POST /organization/update: name, slug, logo, metadata or requireTwoFactor, by a member with
 * organization update permission (owner, admin). A slug another organization has answers 400
 * slug is taken; turning requireTwoFactor on while the caller's own account has no second factor
 * answers 400 ENABLE_TWO_FACTOR_FIRST (nobody locks themselves out).
 */
export class UpdateOrganization {
  constructor(private readonly stores: Pick<OrganizationStores, 'organizations' | 'members' | 'roles'>) {}

  async execute(input: UpdateOrganizationInput): Promise<Organization> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const access = await memberUnderPolicies(this.stores.members, input.actor.userId, organizationId);
    if (!access) throw raise(ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    await requirePermission(this.stores.roles, access.member, { organization: ['update'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION);
    const { name, slug, logo, metadata, requireTwoFactor } = input.data;
    if (name === '' || slug === '') throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
    if (requireTwoFactor === true && !access.twoFactorEnabled) throw raise(TWO_FACTOR_POLICY_ERRORS.ENABLE_TWO_FACTOR_FIRST);
    const updated = await this.stores.organizations.update(organizationId, { name, slug, logo, metadata, requireTwoFactor });
    if (!updated.ok) throw raise(updated.reason === 'slug-taken' ? ORGANIZATION_ERRORS.SLUG_IS_TAKEN : ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    return updated.value;
  }
}
