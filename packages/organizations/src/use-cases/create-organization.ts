import { GENERAL_ERRORS, raise, uuid, type Clock } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Actor, Member, OrganizationWithMembers, Team } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { CREATOR_ROLE } from '../permissions.js';
import type { OrganizationStores } from '../ports.js';

export interface CreateOrganizationInput {
  actor: Actor;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, unknown> | null;
  /** Leave the session's active organization as it is (by default the new one becomes active). */
  keepCurrentActiveOrganization?: boolean;
}

export interface CreateOrganizationResult {
  /** The response body: the organization with its one member. */
  organization: OrganizationWithMembers;
  /** The creator's membership (role owner), for the audit log. */
  member: Member;
  /** The default team named after the organization (teams on), which the creator joined. */
  team: Team | null;
  /** The caller's session's active organization after the call. */
  activeOrganizationId: string | null;
}

/**
 * POST /organization/create: the caller becomes its owner, with teams on a default team named
 * after it is created and the creator joins it, and (unless kept) it becomes the session's
 * active organization. The slug is unique: parallel creations with one slug make one
 * organization, the rest answer 400 Organization already exists.
 */
export class CreateOrganization {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'organizations' | 'activeOrganizations'>,
    private readonly clock: Clock,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: CreateOrganizationInput): Promise<CreateOrganizationResult> {
    const { actor } = input;
    if (!input.name || !input.slug) throw raise(GENERAL_ERRORS.VALIDATION_ERROR);
    if (!this.config.allowUserToCreateOrganization) throw raise(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION);
    // A quick answer for the common case; the unique slug decides races.
    if (await this.stores.organizations.findBySlug(input.slug)) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS);

    const now = this.clock.now();
    const organization = { id: uuid(), name: input.name, slug: input.slug, logo: input.logo ?? null, metadata: input.metadata ?? null, createdAt: now, requireTwoFactor: false };
    const team: Team | null = this.config.teams.enabled
      ? { id: uuid(), name: organization.name, organizationId: organization.id, createdAt: now, updatedAt: now }
      : null;
    const member: Member = { id: uuid(), organizationId: organization.id, userId: actor.userId, role: CREATOR_ROLE, teamId: team?.id ?? null, createdAt: now };

    const created = await this.stores.organizations.create({ organization, owner: member, defaultTeam: team }, { organizationLimit: this.config.organizationLimit });
    if (!created.ok) {
      throw raise(
        created.reason === 'slug-taken'
          ? ORGANIZATION_ERRORS.ORGANIZATION_ALREADY_EXISTS
          : ORGANIZATION_ERRORS.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS,
      );
    }

    let activeOrganizationId = actor.activeOrganizationId;
    if (!input.keepCurrentActiveOrganization) {
      await this.stores.activeOrganizations.setActive(actor.sessionToken, organization.id);
      activeOrganizationId = organization.id;
    }
    return { organization: { ...organization, members: [member] }, member, team, activeOrganizationId };
  }
}
