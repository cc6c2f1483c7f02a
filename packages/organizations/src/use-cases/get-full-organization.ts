import { raise } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, MEMBERS_PAGE_LIMIT, type OrganizationsConfig } from '../config.js';
import type { Actor, FullOrganization, Organization } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { requireMembership } from './access.js';
import { memberPage } from './member-page.js';

export interface GetFullOrganizationInput {
  actor: Actor;
  organizationId?: string;
  organizationSlug?: string;
  /** How many members to include (default and most: the membership limit, at most 100). */
  membersLimit?: number | string;
}

/**
 * GET /organization/get-full-organization: by slug, id or (default) the active organization,
 * with its first page of members (each with user id, name, email, image), its invitations and
 * its teams. null when no organization is named and none is active (better-auth's answer).
 */
export class GetFullOrganization {
  constructor(
    private readonly stores: Pick<OrganizationStores, 'organizations' | 'members' | 'invitations' | 'teams'>,
    private readonly config: OrganizationsConfig = DEFAULT_ORGANIZATIONS_CONFIG,
  ) {}

  async execute(input: GetFullOrganizationInput): Promise<FullOrganization | null> {
    const { organizations, members, invitations, teams } = this.stores;
    const page = memberPage({ limit: input.membersLimit }, Math.min(this.config.membershipLimit, MEMBERS_PAGE_LIMIT));
    let organization: Organization | null;
    if (input.organizationSlug) organization = await organizations.findBySlug(input.organizationSlug);
    else if (input.organizationId || input.actor.activeOrganizationId) organization = await organizations.findById((input.organizationId || input.actor.activeOrganizationId)!);
    else return null;
    if (!organization) throw raise(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
    // Open to a member the organization's policies refuse: the page that tells them why reads it.
    await requireMembership(members, input.actor, organization.id, ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, { exempt: true });

    const [listed, invited, teamList] = await Promise.all([
      members.list(organization.id, page),
      invitations.listByOrganization(organization.id),
      this.config.teams.enabled ? teams.list(organization.id) : Promise.resolve([]),
    ]);
    // The members' second factors are list-members' (to owners and admins), not this answer's.
    const shown = listed.members.map(({ user: { twoFactorEnabled: _, ...user }, ...member }) => ({ ...member, user }));
    return { ...organization, members: shown, invitations: invited, teams: teamList };
  }
}
