import type { User } from '@tend/identity';
import type { SsoProvider } from './entities.js';

/** Where SSO providers live; providerId is unique. */
export interface SsoProviderRepository {
  /** Stores a provider; `duplicate` when its providerId is taken (of parallel registrations one wins). */
  create(provider: SsoProvider): Promise<{ ok: true; value: SsoProvider } | { ok: false; reason: 'duplicate' }>;
  findByProviderId(providerId: string): Promise<SsoProvider | null>;
  /** The provider of the domain (lowercase), if any: the oldest verified one, else the oldest. */
  findByDomain(domain: string): Promise<SsoProvider | null>;
  /** The provider of the organization, if any: the oldest verified one, else the oldest. */
  findByOrganization(organizationId: string): Promise<SsoProvider | null>;
  /** The providers whose domain is `domain` (lowercase) and verified. */
  listVerifiedByDomain(domain: string): Promise<SsoProvider[]>;
  /** Providers of these organizations, or registered by the user without an organization; oldest first. */
  listManageable(userId: string, organizationIds: readonly string[]): Promise<SsoProvider[]>;
  update(id: string, patch: Partial<Pick<SsoProvider, 'domain' | 'domainVerified' | 'issuer' | 'oidc' | 'saml' | 'updatedAt'>>): Promise<SsoProvider | null>;
  /**
   * Marks the provider's domain verified, if it still is `domain`, unverified, and no provider
   * of another owner (organization, or registering user without one) holds it verified. Parallel
   * calls for one domain are serialized: of two owners, one wins.
   */
  markDomainVerified(id: string, domain: string, now: Date): Promise<DomainVerificationOutcome>;
  delete(id: string): Promise<boolean>;
}

/** How marking a domain verified ended. */
export type DomainVerificationOutcome = 'verified' | 'already-verified' | 'domain-changed' | 'taken' | 'not-found';

/** TXT records of a DNS name. */
export interface DnsTxtLookup {
  /** The TXT values at `name` (each record's strings joined); [] when it has none; throws when the resolvers do not answer. */
  txt(name: string): Promise<string[]>;
}

/** SAML assertion ids already consumed. */
export interface AssertionLedger {
  /** Records an assertion id until `expiresAt`; false when it was recorded before (a replay). One of parallel calls wins. */
  remember(key: string, expiresAt: Date, now: Date): Promise<boolean>;
  deleteExpired(now: Date): Promise<number>;
}

/**
 * Organization membership as SSO reads it, answered by the organizations package's own ports
 * (`organizationMemberships`); joining goes through its JoinOrganization use case.
 */
export interface SsoMemberships {
  /**
   * The user's role in the organization, or null when not a member; a member the organization's
   * policies refuse (require two-factor without a second factor) gets their 403 instead.
   */
  roleOf(organizationId: string, userId: string): Promise<string | null>;
  /** The organizations the user belongs to, with roles. */
  listOfUser(userId: string): Promise<{ organizationId: string; role: string }[]>;
  findOrganizationBySlug(slug: string): Promise<{ id: string } | null>;
  organizationExists(id: string): Promise<boolean>;
  /** Whether the organization requires its members to use a second factor (false for an unknown one). */
  requiresTwoFactor(organizationId: string): Promise<boolean>;
}

/** One sign-in through a provider, as the audit log recorded it. */
export interface SsoSignInRecord {
  outcome: 'success' | 'failure' | 'challenge';
  /** Null for a refusal before anyone was known. */
  user: { id: string; email: string; name: string } | null;
  /** The `error` code of a refusal. */
  reason: string | null;
  ipAddress: string | null;
  createdAt: Date;
}

/**
 * A provider's sign-ins, read from the audit log (`sign-in.*` events with `method: sso` and its
 * provider) through the admin package's AuditLog port (`AuditSsoSignInLog`).
 */
export interface SsoSignInLog {
  list(providerId: string, page: { limit: number; offset: number }): Promise<{ signIns: SsoSignInRecord[]; total: number }>;
}

/** What the person hears about their account's single sign-on. */
export interface SsoNotices {
  /** A provider was linked to an existing account (its first sign-in there); never awaited, never fails the sign-in. */
  linked(user: User, provider: SsoProvider): void;
}
