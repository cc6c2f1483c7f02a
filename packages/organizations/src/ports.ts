import type { Invitation, ListedMember, Member, MemberAccess, MemberWithUser, Organization, RuntimeRole, Team, UserInvitation } from './entities.js';

/** What a guarded write answers: the value, or why the database refused it. */
export type Outcome<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

/** A new organization with its creator's membership and, with teams on, its default team. */
export interface NewOrganization {
  organization: Organization;
  owner: Member;
  defaultTeam: Team | null;
}

export type OrganizationPatch = Partial<Pick<Organization, 'name' | 'slug' | 'logo' | 'metadata' | 'requireTwoFactor'>>;

/** Where organizations live. Deleting one deletes its members, invitations and teams. */
export interface OrganizationRepository {
  /**
   * Creates the organization, its owner member and default team in one transaction. The slug is
   * unique: of parallel creations with one slug exactly one succeeds, the rest answer
   * `slug-taken`. With a limit, the owner's memberships are counted under a lock on the user,
   * so parallel creations never pass it (`limit-reached`).
   */
  create(input: NewOrganization, limits: { organizationLimit: number | null }): Promise<Outcome<NewOrganization, 'slug-taken' | 'limit-reached'>>;
  findById(id: string): Promise<Organization | null>;
  findBySlug(slug: string): Promise<Organization | null>;
  /** The organizations the user is a member of, oldest first. */
  listByUser(userId: string): Promise<Organization[]>;
  /** Changes name, slug, logo, metadata or requireTwoFactor; a slug of another organization answers `slug-taken`. */
  update(id: string, patch: OrganizationPatch): Promise<Outcome<Organization, 'not-found' | 'slug-taken'>>;
  /** Deletes the organization with its members, invitations and teams; null when it did not exist. */
  delete(id: string): Promise<Organization | null>;
}

export type MemberSortField = 'createdAt' | 'role' | 'userId' | 'id';
export const MEMBER_SORT_FIELDS: readonly MemberSortField[] = ['createdAt', 'role', 'userId', 'id'];

/** The member columns list-members may filter on (better-auth's `filterField`). */
export type MemberFilterField = 'role' | 'userId';
export const MEMBER_FILTER_FIELDS: readonly MemberFilterField[] = ['role', 'userId'];

/** Operators that compare a column with one value. */
export type MemberValueOperator = 'eq' | 'ne' | 'contains' | 'starts_with' | 'ends_with' | 'lt' | 'lte' | 'gt' | 'gte';
/** Operators that compare a column with a list of values. */
export type MemberListOperator = 'in' | 'not_in';
export type MemberFilterOperator = MemberValueOperator | MemberListOperator;
export const MEMBER_FILTER_OPERATORS: readonly MemberFilterOperator[] = ['eq', 'ne', 'in', 'not_in', 'contains', 'starts_with', 'ends_with', 'lt', 'lte', 'gt', 'gte'];

/**
 * One condition on a member column, on the stored text (a member with several roles holds them
 * comma-separated: `admin,member`):
 * - eq, ne, in, not_in: exact (case-sensitive) equality with the value, or with one of the list;
 * - contains, starts_with, ends_with: the literal text (no wildcards), case-insensitive;
 * - lt, lte, gt, gte: the database's text order (ASCII values order as their code points).
 */
export type MemberFilter =
  | { field: MemberFilterField; operator: MemberValueOperator; value: string }
  | { field: MemberFilterField; operator: MemberListOperator; value: readonly string[] };

export interface MemberPage {
  limit: number;
  offset: number;
  sortBy: MemberSortField;
  sortDirection: 'asc' | 'desc';
  /** Only the members matching this condition (none: every member). */
  filter?: MemberFilter | null;
  /** Only the members whose user's name or email contains this literal text, case-insensitively. */
  search?: string | null;
}

/**
 * Names the owner role for the guards that keep an organization owned: a member whose role
 * (possibly comma-separated) includes it is an owner.
 */
export interface OwnerGuard {
  ownerRole: string;
}

/** Where memberships live; one member per user and organization. */
export interface MemberRepository {
  findById(id: string): Promise<MemberWithUser | null>;
  findByUser(organizationId: string, userId: string): Promise<MemberWithUser | null>;
  /**
   * The user's membership with the organization's policy and the user's second factor, in one
   * read (the member joined to its user and organization); null when not a member.
   */
  findAccess(organizationId: string, userId: string): Promise<MemberAccess | null>;
  /** The member whose user has this email (lowercase). */
  findByEmail(organizationId: string, email: string): Promise<MemberWithUser | null>;
  /**
   * One page of the organization's members with their users (matching the page's filter and
   * search, when it has them), and how many match in all, whatever the limit and offset. Each
   * user carries `twoFactorEnabled` (the use cases decide who sees it).
   */
  list(organizationId: string, page: MemberPage): Promise<{ members: ListedMember[]; total: number }>;
  count(organizationId: string): Promise<number>;
  /** Every membership of the user, oldest first. */
  listByUser(userId: string): Promise<Member[]>;
  /**
   * Adds a member, unless the user is one already (`already-member`) or the organization holds
   * `membershipLimit` members (`limit-reached`); checked under a lock on the organization, so
   * parallel joins never pass the limit. A missing organization answers `organization-not-found`.
   */
  add(member: Member, options: { membershipLimit: number }): Promise<Outcome<Member, 'already-member' | 'limit-reached' | 'organization-not-found'>>;
  /**
   * Sets a member's role; taking the owner role from the organization's only owner answers
   * `last-owner`. Serialized per organization, so parallel demotions never leave it ownerless.
   */
  updateRole(memberId: string, role: string, guard: OwnerGuard): Promise<Outcome<Member, 'not-found' | 'last-owner'>>;
  /** Deletes a member; the organization's only owner answers `last-owner`. Serialized per organization. */
  remove(memberId: string, guard: OwnerGuard): Promise<Outcome<Member, 'not-found' | 'last-owner'>>;
}

/** Where invitations live. Emails are stored lowercase. */
export interface InvitationRepository {
  /**
   * Creates a pending invitation unless one for the same email and organization is pending and
   * unexpired at `now` (`already-invited`); checked under a lock on the organization, so parallel
   * invitations of one address create one. A missing organization answers `organization-not-found`.
   */
  create(invitation: Invitation, now: Date): Promise<Outcome<Invitation, 'already-invited' | 'organization-not-found'>>;
  findById(id: string): Promise<Invitation | null>;
  /** The pending invitation of `email` to the organization that is unexpired at `now`. */
  findPending(organizationId: string, email: string, now: Date): Promise<Invitation | null>;
  /** Every invitation of the organization, newest first. */
  listByOrganization(organizationId: string): Promise<Invitation[]>;
  /** The pending invitations to `email` unexpired at `now`, with their organizations, newest first. */
  listPendingByEmail(email: string, now: Date): Promise<UserInvitation[]>;
  /** Gives a pending invitation a new expiry, role and team (a resend); null when it is no longer pending. */
  renew(id: string, patch: Pick<Invitation, 'expiresAt' | 'role' | 'teamId'>): Promise<Invitation | null>;
  /**
   * Moves a pending invitation to `status` (unexpired at `unexpiredAt`, when given). Exactly one of
   * parallel callers gets the invitation; the rest, and every call on a settled one, get null.
   */
  settle(id: string, status: 'rejected' | 'canceled', unexpiredAt?: Date): Promise<Invitation | null>;
  /**
   * In one transaction, under a lock on the organization: checks the invitation is pending and
   * unexpired at `now`, counts the members against `membershipLimit`, moves the invitation to
   * accepted (a conditional update) and inserts the member with the invitation's organization,
   * role and team. Exactly one of parallel accepts wins (`not-pending` for the rest); parallel
   * accepts never pass the limit (`limit-reached`); a user already in the organization gets
   * `already-member`. On any refusal nothing changes.
   */
  accept(id: string, member: Pick<Member, 'id' | 'userId' | 'createdAt'>, options: { now: Date; membershipLimit: number }): Promise<Outcome<{ invitation: Invitation; member: Member }, 'not-pending' | 'limit-reached' | 'already-member'>>;
}

/** Where teams live. Deleting a team clears it from its members and invitations. */
export interface TeamRepository {
  create(team: Team): Promise<Team>;
  findById(id: string): Promise<Team | null>;
  /** The organization's teams, oldest first. */
  list(organizationId: string): Promise<Team[]>;
  update(id: string, patch: Pick<Team, 'name' | 'updatedAt'>): Promise<Team | null>;
  /**
   * Deletes a team; with `keepLast`, the organization's only team answers `last-team`
   * (serialized per organization, so parallel removals keep one).
   */
  remove(id: string, options: { keepLast: boolean }): Promise<Outcome<Team, 'not-found' | 'last-team'>>;
}

/** A change of a runtime role: a new name, new permissions, or both. */
export type RuntimeRolePatch = Partial<Pick<RuntimeRole, 'role' | 'permission'>>;

/**
 * Where the organizations' runtime roles live; (organizationId, role) is unique. Every read goes
 * to the store (no cache), so a change applies to the very next request on every instance.
 * Deleting an organization deletes its roles.
 */
export interface RuntimeRoleRepository {
  /** Adds a role; a name the organization has already answers `name-taken`, a missing organization `organization-not-found`. */
  create(role: RuntimeRole): Promise<Outcome<RuntimeRole, 'name-taken' | 'organization-not-found'>>;
  /** The organization's role with this id (a role of another organization is not found). */
  findById(organizationId: string, id: string): Promise<RuntimeRole | null>;
  findByName(organizationId: string, role: string): Promise<RuntimeRole | null>;
  /** The organization's roles of these names (those that exist), in one read. */
  findByNames(organizationId: string, roles: readonly string[]): Promise<RuntimeRole[]>;
  /** The organization's roles, oldest first. */
  list(organizationId: string): Promise<RuntimeRole[]>;
  /**
   * Changes a role. A new name taken in the organization answers `name-taken`; a rename also
   * renames the role in its members' and pending invitations' roles, in the same transaction.
   */
  update(id: string, patch: RuntimeRolePatch): Promise<Outcome<RuntimeRole, 'not-found' | 'name-taken'>>;
  /**
   * Deletes a role unless a member of its organization holds it (`assigned`); checked under the
   * organization's lock, as member role changes are.
   */
  remove(id: string): Promise<Outcome<RuntimeRole, 'not-found' | 'assigned'>>;
}

/** The active organization of sessions (the session table's activeOrganizationId). */
export interface ActiveOrganizationStore {
  /** Sets one session's active organization; false when the session no longer exists. */
  setActive(sessionToken: string, organizationId: string | null): Promise<boolean>;
  /** Clears the organization from every session of the user that has it active (left or removed). */
  clearForMember(userId: string, organizationId: string): Promise<void>;
  /** Clears the organization from every session that has it active (deleted). */
  clearForOrganization(organizationId: string): Promise<void>;
}

/** Every port of this package, as the composition root builds them once; use cases take what they need. */
export interface OrganizationStores {
  organizations: OrganizationRepository;
  members: MemberRepository;
  invitations: InvitationRepository;
  teams: TeamRepository;
  activeOrganizations: ActiveOrganizationStore;
  roles: RuntimeRoleRepository;
}
