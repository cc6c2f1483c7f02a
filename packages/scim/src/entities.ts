/** The core User schema's URN (RFC 7643 §4.1) and the protocol's message schemas (RFC 7644). */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The bearer token of one organization's SSO provider; only its SHA-256 is kept. */
export interface ScimToken {
  id: string;
  organizationId: string;
  /** The SSO provider's public id. */
  providerId: string;
  /** SHA-256 (hex) of the token. */
  hash: string;
  /** The owner or admin who made it. */
  createdBy: string;
  createdAt: Date;
}

/**
 * A user an organization's directory provisioned: what the directory said of them. The SCIM
 * resource id is the user's id; one per organization and user, `userName` unique per
 * organization whatever its case.
 */
export interface ScimUser {
  organizationId: string;
  userId: string;
  providerId: string;
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What a replace or patch may change. */
export type ScimUserChanges = Partial<Pick<ScimUser, 'userName' | 'externalId' | 'displayName' | 'givenName' | 'familyName' | 'active'>> & { updatedAt: Date };
