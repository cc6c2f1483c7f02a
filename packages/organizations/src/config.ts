/** The organization rules that can be configured (spec sections 5 and 9 give the defaults). */
export interface OrganizationsConfig {
  /** Whether users may create organizations (403 when not). Default true. */
  allowUserToCreateOrganization: boolean;
  /** How many organizations a user may belong to before creating another is refused; null: no limit. */
  organizationLimit: number | null;
  /** Members per organization. Default 100. */
  membershipLimit: number;
  /** Seconds an invitation stays valid. Default 172800 (48 hours). */
  invitationExpiresIn: number;
  teams: {
    /** Team routes, and the default team of a new organization. Default true. */
    enabled: boolean;
    /** Whether the last team of an organization may be removed. Default false. */
    allowRemovingAllTeams: boolean;
  };
}

export const DEFAULT_ORGANIZATIONS_CONFIG: OrganizationsConfig = Object.freeze({
  allowUserToCreateOrganization: true,
  organizationLimit: null,
  membershipLimit: 100,
  invitationExpiresIn: 172_800,
  teams: Object.freeze({ enabled: true, allowRemovingAllTeams: false }),
});

/** The defaults with `overrides` applied (teams merged field by field). */
export function organizationsConfig(overrides: Partial<Omit<OrganizationsConfig, 'teams'>> & { teams?: Partial<OrganizationsConfig['teams']> } = {}): OrganizationsConfig {
  return {
    ...DEFAULT_ORGANIZATIONS_CONFIG,
    ...overrides,
    teams: { ...DEFAULT_ORGANIZATIONS_CONFIG.teams, ...overrides.teams },
  };
}

/** Pages of members: the default and the largest page (spec section 9, find-many default limit). */
export const MEMBERS_PAGE_LIMIT = 100;

/** The most values an `in` / `not_in` member filter takes (the query parameter repeated). */
export const MEMBER_FILTER_VALUES_LIMIT = 100;
