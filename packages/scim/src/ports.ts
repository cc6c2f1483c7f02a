import type { ScimToken, ScimUser, ScimUserChanges } from './entities.js';

/** Where SCIM tokens live: one per organization and provider. */
export interface ScimTokenRepository {
  /** Stores the pair's token, replacing the one it had (whose hash then finds nothing). */
  replace(token: ScimToken): Promise<ScimToken>;
  findByHash(hash: string): Promise<ScimToken | null>;
  /** The organization's tokens (one per provider), oldest first. */
  listByOrganization(organizationId: string): Promise<ScimToken[]>;
}

/** Where provisioned users live; every call is scoped to one organization. */
export interface ScimUserRepository {
  /** Adds one; `taken` when the organization holds the userName (any case) or the user already. */
  create(user: ScimUser): Promise<{ ok: true; value: ScimUser } | { ok: false; reason: 'taken' }>;
  find(organizationId: string, userId: string): Promise<ScimUser | null>;
  /** Matched case-insensitively. */
  findByUserName(organizationId: string, userName: string): Promise<ScimUser | null>;
  /** A page of the organization's users, oldest first, and how many there are. */
  list(organizationId: string, page: { offset: number; limit: number }): Promise<{ users: ScimUser[]; total: number }>;
  /** null when there is none; `taken` when a new userName is another's. */
  update(organizationId: string, userId: string, changes: ScimUserChanges): Promise<{ ok: true; value: ScimUser } | { ok: false; reason: 'taken' | 'not-found' }>;
  delete(organizationId: string, userId: string): Promise<boolean>;
}

/** SCIM's reads and writes of memberships, answered by the organizations package. */
export interface ScimMemberships {
  /** The user's role, or null when not a member; a member the organization's policies refuse gets their 403 instead. */
  roleOf(organizationId: string, userId: string): Promise<string | null>;
  /** Adds the user as a member with `role` (a member already stays as they are). */
  join(organizationId: string, userId: string, role: string, providerId: string): Promise<'joined' | 'already-member' | 'limit-reached' | 'organization-not-found'>;
  /** Removes the user's membership, unless they are the organization's only owner. */
  leave(organizationId: string, userId: string): Promise<void>;
}

/** Whether an SSO provider belongs to an organization (the SSO package's providers). */
export interface ScimProviders {
  belongsTo(providerId: string, organizationId: string): Promise<boolean>;
}

/**
 * Ends a user's access at once: every session (on every instance: the sessions package records
 * the revocation) and every other credential that signs in without them (API keys).
 */
export interface ScimAccessRevoker {
  revokeAll(userId: string): Promise<void>;
}
