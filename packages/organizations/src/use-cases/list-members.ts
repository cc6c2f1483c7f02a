import type { Actor, MemberWithUser } from '../entities.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor, requireMembership } from './access.js';
import { memberPage, type MemberPageInput } from './member-page.js';

export interface ListMembersInput extends MemberPageInput {
  actor: Actor;
  /** Defaults to the active organization. */
  organizationId?: string;
}

/**
 * GET /organization/list-members: one page of members with their users (limit default 100,
 * at most 100; offset; sortBy createdAt | role | userId | id; sortDirection) and the total. With
 * filterField (role | userId), filterOperator and filterValue, only the members whose field
 * matches; with searchValue, only those whose user's name or email contains it. The total counts
 * every match, whatever the limit and offset.
 */
export class ListMembers {
  constructor(private readonly stores: Pick<OrganizationStores, 'members'>) {}

  async execute(input: ListMembersInput): Promise<{ members: MemberWithUser[]; total: number }> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const page = memberPage(input);
    await requireMembership(this.stores.members, input.actor, organizationId);
    return this.stores.members.list(organizationId, page);
  }
}
