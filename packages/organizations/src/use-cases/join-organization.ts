import { uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { DEFAULT_ORGANIZATIONS_CONFIG, type OrganizationsConfig } from '../config.js';
import type { Member } from '../entities.js';
import type { OrganizationStores } from '../ports.js';

export interface JoinOrganizationInput {
  organizationId: string;
  userId: string;
  role: string;
  /** What joins them, for the events: `sso` (just-in-time membership of a sign-in). */
  via: string;
  /** Facts the events carry (the SSO provider's id); never secrets. */
  detail?: Readonly<Record<string, string>>;
}

/** How a join ended: added, a member already, the organization full, or gone. */
export type JoinOrganizationResult = 'joined' | 'already-member' | 'limit-reached' | 'organization-not-found';

/** What a join tells the host (the gateway records both in the audit log). */
export interface MembershipEvents {
  joined?(event: { member: Member; via: string; detail: Readonly<Record<string, string>> }): void;
  /** The organization held `membershipLimit` members: the user was not added. */
  limitReached?(event: { organizationId: string; userId: string; via: string; detail: Readonly<Record<string, string>> }): void;
}

/**
 * Adds a user to an organization on another feature's behalf (SSO's just-in-time membership),
 * by this package's rules: the membership limit, counted under a lock on the organization so
 * parallel joins never pass it, one membership per user, and its events. It never throws for a
 * refusal: the caller (a sign-in that already succeeded) decides what a refusal means.
 */
export class JoinOrganization {
  private readonly newId: IdGenerator;

  constructor(
    private readonly stores: Pick<OrganizationStores, 'members'>,
    private readonly clock: Clock,
    private readonly config: Pick<OrganizationsConfig, 'membershipLimit'> = DEFAULT_ORGANIZATIONS_CONFIG,
    private readonly events: MembershipEvents = {},
    newId?: IdGenerator,
  ) {
    this.newId = newId ?? uuid;
  }

  async execute(input: JoinOrganizationInput): Promise<JoinOrganizationResult> {
    const member: Member = { id: this.newId(), organizationId: input.organizationId, userId: input.userId, role: input.role, teamId: null, createdAt: this.clock.now() };
    const added = await this.stores.members.add(member, { membershipLimit: this.config.membershipLimit });
    const detail = input.detail ?? {};
    if (added.ok) {
      this.events.joined?.({ member: added.value, via: input.via, detail });
      return 'joined';
    }
    if (added.reason === 'limit-reached') this.events.limitReached?.({ organizationId: input.organizationId, userId: input.userId, via: input.via, detail });
    return added.reason;
  }
}
