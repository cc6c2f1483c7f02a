import { raise } from '@tend/kernel';
import type { Actor, MemberWithUser } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { memberUnderPolicies, organizationIdFor } from './access.js';

/** GET /organization/get-active-member: the caller's membership of the active organization. */
export class GetActiveMember {
  constructor(private readonly stores: Pick<OrganizationStores, 'members'>) {}

  async execute(input: { actor: Actor }): Promise<MemberWithUser> {
    const organizationId = organizationIdFor(input.actor, null);
    const access = await memberUnderPolicies(this.stores.members, input.actor.userId, organizationId);
    if (!access) throw raise(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    return access.member;
  }
}
