import { raise } from '@tend/kernel';
import type { Actor, Organization } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { requireMembership } from './access.js';

export interface SetActiveOrganizationInput {
  actor: Actor;
  /** null clears the active organization. */
  organizationId?: string | null;
  organizationSlug?: string;
}

export interface SetActiveOrganizationResult {
  /** The response body: the organization now active, or null. */
  organization: Organization | null;
  activeOrganizationId: string | null;
}

/**
 * POST /organization/set-active: by id or slug, or null to clear. Only an organization the
 * caller is a member of can become active (403 otherwise). With neither id nor slug it answers
 * the current active organization.
 */
export class SetActiveOrganization {
  constructor(private readonly stores: Pick<OrganizationStores, 'organizations' | 'members' | 'activeOrganizations'>) {}

  async execute(input: SetActiveOrganizationInput): Promise<SetActiveOrganizationResult> {
    const { actor } = input;
    const { organizations, activeOrganizations } = this.stores;
    if (input.organizationId === null) return this.clear(actor);
    let organization: Organization | null;
    if (input.organizationId) organization = await organizations.findById(input.organizationId);
    else if (input.organizationSlug) organization = await organizations.findBySlug(input.organizationSlug);
    else if (actor.activeOrganizationId) {
      organization = await organizations.findById(actor.activeOrganizationId);
      // The active organization was deleted meanwhile: it is simply no longer active.
      if (!organization) return this.clear(actor);
    } else return { organization: null, activeOrganizationId: null };
    if (!organization) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);

    await requireMembership(this.stores.members, actor, organization.id, ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    if (actor.activeOrganizationId !== organization.id) await activeOrganizations.setActive(actor.sessionToken, organization.id);
    return { organization, activeOrganizationId: organization.id };
  }

  private async clear(actor: Actor): Promise<SetActiveOrganizationResult> {
    if (actor.activeOrganizationId !== null) await this.stores.activeOrganizations.setActive(actor.sessionToken, null);
    return { organization: null, activeOrganizationId: null };
  }
}
