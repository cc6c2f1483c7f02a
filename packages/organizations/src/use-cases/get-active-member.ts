import { raise } from '@tend/kernel';
import type { Actor, MemberWithUser } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { organizationIdFor } from './access.js';

/** GET /organization/get-active-member: the caller's membership of the active organization. */
export class GetActiveMember {
  constructor(private readonly stores: Pick<OrganizationStores, 'members'>) {}

  async execute(input: { actor: Actor }): Promise<MemberWithUser> {
    const organizationId = organizationIdFor(input.actor, null);
    const member = await this.stores.members.findByUser(organizationId, input.actor.userId);
    if (!member) throw raise(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    return member;
  }
}
