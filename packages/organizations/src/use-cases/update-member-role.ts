import { raise } from '@tend/kernel';
import type { Actor, Member } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { CREATOR_ROLE, hasRole } from '../permissions.js';
import type { OrganizationStores } from '../ports.js';
import { knownRole, organizationIdFor, requireGrantable, requireMembership, requirePermission } from './access.js';

export interface UpdateMemberRoleInput {
  actor: Actor;
  memberId: string;
  /** One role, several comma-separated, or a list. */
  role: string | readonly string[];
  /** Defaults to the active organization. */
  organizationId?: string;
}

export interface UpdateMemberRoleResult {
  /** The response body: the member with its new role. */
  member: Member;
  /** For the audit log. */
  previousRole: string;
}

/**
 * POST /organization/update-member-role: by a member with member update permission. Only an
 * owner may make someone an owner or change an owner's role, and the organization keeps at
 * least one owner (checked in the same transaction as the change). A runtime role of the
 * organization is a role too, given only by a caller who holds all it grants.
 */
export class UpdateMemberRole {
  constructor(private readonly stores: Pick<OrganizationStores, 'members' | 'roles'>) {}

  async execute(input: UpdateMemberRoleInput): Promise<UpdateMemberRoleResult> {
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const caller = await requireMembership(this.stores.members, input.actor, organizationId);
    const { role, runtime } = await knownRole(this.stores.roles, organizationId, input.role);

    const target = await this.stores.members.findById(input.memberId);
    if (!target || target.organizationId !== organizationId) throw raise(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    await requirePermission(this.stores.roles, caller, { member: ['update'] }, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
    const touchesOwner = hasRole(target.role, CREATOR_ROLE) || hasRole(role, CREATOR_ROLE);
    if (touchesOwner && !hasRole(caller.role, CREATOR_ROLE)) throw raise(ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
    await requireGrantable(this.stores.roles, caller, runtime, ORGANIZATION_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);

    const updated = await this.stores.members.updateRole(target.id, role, { ownerRole: CREATOR_ROLE });
    if (!updated.ok) {
      throw raise(updated.reason === 'last-owner' ? ORGANIZATION_ERRORS.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER : ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    }
    return { member: updated.value, previousRole: target.role };
  }
}
