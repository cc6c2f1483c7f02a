// The organization entities of the spec (section 3) as plain data: Dates are Date objects,
// optional fields are null when absent.

/** pending (the default), then accepted or rejected by the recipient, or canceled by a member. */
export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export const INVITATION_STATUSES: readonly InvitationStatus[] = ['pending', 'accepted', 'rejected', 'canceled'];

export interface Organization {
  id: string;
  name: string;
  /** Unique. */
  slug: string;
  logo: string | null;
  /** A record, stored as JSON text. */
  metadata: Record<string, unknown> | null;
  createdAt: Date;
  /**
   * Require two-factor (issue 32): while on, a member whose account has no second factor is
   * refused the organization's routes (403 TWO_FACTOR_REQUIRED) but for get-full-organization,
   * leave and list, and the organization's SSO sign-ins ask for (or refuse without) a second factor.
   */
  requireTwoFactor: boolean;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  /** One role or several, comma-separated (`admin,member`). */
  role: string;
  teamId: string | null;
  createdAt: Date;
}

export interface Invitation {
  id: string;
  organizationId: string;
  /** Stored lowercase. */
  email: string;
  role: string;
  status: InvitationStatus;
  teamId: string | null;
  inviterId: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface Team {
  id: string;
  /** At least one character. */
  name: string;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date | null;
}

/** What a member listing shows of the member's user. */
export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type MemberWithUser = Member & { user: MemberUser };

/**
 * A listed member (list-members): its user may carry `twoFactorEnabled`, which list-members
 * answers to the organization's owners and admins only.
 */
export type ListedMember = Member & { user: MemberUser & { twoFactorEnabled?: boolean } };

/**
 * A user's membership with what the organization's policies read: whether the organization
 * requires a second factor and whether the user's account has one (one read: the member row
 * joined to its user and organization).
 */
export interface MemberAccess {
  member: MemberWithUser;
  requireTwoFactor: boolean;
  twoFactorEnabled: boolean;
}

/** The organization as POST /organization/create answers it. */
export type OrganizationWithMembers = Organization & { members: Member[] };

/** GET /organization/get-full-organization: members (one page, with their users), invitations and teams. */
export type FullOrganization = Organization & {
  members: MemberWithUser[];
  invitations: Invitation[];
  teams: Team[];
};

/** An invitation addressed to the caller, with the organization it is for. */
export type UserInvitation = Invitation & { organizationName: string; organizationSlug: string };

/**
 * Who is calling: the signed-in user and the session the call came with. Use cases never trust
 * an id from the request for anything but naming what to act on.
 */
export interface Actor {
  userId: string;
  /** The user's email (lowercase), for invitations addressed to it. */
  email: string;
  sessionToken: string;
  activeOrganizationId: string | null;
}

/**
 * A role an organization defined at run time (create-role): its name, stored lower-cased and
 * unique in the organization (never a built-in role's), and what it grants, resource -> actions.
 */
export interface RuntimeRole {
  id: string;
  organizationId: string;
  role: string;
  permission: Record<string, string[]>;
  createdAt: Date;
}
