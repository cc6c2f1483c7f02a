import type { Actor, ListedMember } from '../entities.js';
import { hasRole } from '../permissions.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership } from './access.js';
import { memberPage, type MemberPageInput } from './member-page.js';

export interface ListMembersInput extends MemberPageInput {
  actor: Actor;
  /** Defaults to the active organization. */
  organizationId?: string;
}

/** The roles that see each member's `user.twoFactorEnabled` (require two-factor, issue 32). */
const SECOND_FACTOR_READERS = ['owner', 'admin'];

/**
 * GET /organization/list-members: one page of members with their users (limit default 100,
 * at most 100; offset; sortBy createdAt | role | userId | id; sortDirection) and the total. With
 * filterField (role | userId), filterOperator and filterValue, only the members whose field
 * matches; with searchValue, only those whose user's name or email contains it. The total counts
 * every match, whatever the limit and offset. Owners and admins also see whether each member's
 * account has a second factor (`user.twoFactorEnabled`); other members do not.
 */
export class ListMembers {
  constructor(private readonly stores: Pick<OrganizationStores, 'members'>) {}

  async execute(input: ListMembersInput): Promise<{ members: ListedMember[]; total: number }> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const page = memberPage(input);
    const caller = await requireMembership(this.stores.members, input.actor, organizationId);
    const listed = await this.stores.members.list(organizationId, page);
    if (SECOND_FACTOR_READERS.some((role) => hasRole(caller.role, role))) return listed;
    return { ...listed, members: listed.members.map(({ user: { twoFactorEnabled: _, ...user }, ...member }) => ({ ...member, user })) };
  }
}
