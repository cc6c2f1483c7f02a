import { raise } from '@tend/kernel';
import type { Actor } from '../entities.js';
import { ORGANIZATION_ERRORS } from '../error-codes.js';
import type { OrganizationStores } from '../ports.js';
import { memberHasPermission, organizationIdFor, requireMembership } from './access.js';

export interface CheckOrganizationPermissionInput {
  actor: Actor;
  /** resource -> actions, e.g. `{ member: ['delete'] }`; all must be granted; none is a 400. */
  permissions: Readonly<Record<string, readonly string[]>> | undefined;
  /** Defaults to the active organization. */
  organizationId?: string;
}

/** POST /organization/has-permission: whether the caller's role in the organization (a runtime role as stored now) grants `permissions`. */
export class CheckOrganizationPermission {
  constructor(private readonly stores: Pick<OrganizationStores, 'members' | 'roles'>) {}

  async execute(input: CheckOrganizationPermissionInput): Promise<{ success: boolean; error: null }> {
    if (!input.permissions || Object.keys(input.permissions).length === 0) throw raise(ORGANIZATION_ERRORS.INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED);
    const organizationId = organizationIdFor(input.actor, input.organizationId);
    const member = await requireMembership(this.stores.members, input.actor, organizationId, ORGANIZATION_ERRORS.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
    return { success: await memberHasPermission(this.stores.roles, member, input.permissions), error: null };
  }
}
