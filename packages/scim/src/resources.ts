// The wire forms of SCIM: a provisioned user as a core User resource (RFC 7643 §4.1), and the
// discovery documents (RFC 7643 §5–7) describing what Tend supports.
import { SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA, type ScimUser } from './entities.js';

export interface ScimUserResource {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  displayName?: string;
  name?: { formatted?: string; givenName?: string; familyName?: string };
  emails: { value: string; primary: boolean }[];
  active: boolean;
  meta: { resourceType: 'User'; created: Date; lastModified: Date; location: string };
}

/** A provisioned user as a SCIM User; `base` is `<auth base URL>/scim/v2`. */
export function toScimUserResource(user: ScimUser, email: string, base: string): ScimUserResource {
  const name = { ...(user.givenName !== null && { givenName: user.givenName }), ...(user.familyName !== null && { familyName: user.familyName }) };
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: user.userId,
    ...(user.externalId !== null && { externalId: user.externalId }),
    userName: user.userName,
    ...(user.displayName !== null && { displayName: user.displayName }),
    ...(Object.keys(name).length > 0 && { name }),
    emails: [{ value: email, primary: true }],
    active: user.active,
    meta: { resourceType: 'User', created: user.createdAt, lastModified: user.updatedAt, location: `${base}/Users/${user.userId}` },
  };
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [SCIM_LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The core User schema as far as Tend keeps it. */
export function userSchema(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: SCIM_USER_SCHEMA,
    name: 'User',
    description: 'User Account',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('displayName'),
      { ...attribute('name'), type: 'complex', subAttributes: [attribute('formatted'), attribute('givenName'), attribute('familyName')] },
      { ...attribute('emails'), type: 'complex', multiValued: true, subAttributes: [attribute('value'), { ...attribute('primary'), type: 'boolean' }, attribute('type')] },
      { ...attribute('active'), type: 'boolean' },
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_USER_SCHEMA}` },
  };
}

export function userResourceType(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'User Account',
    schema: SCIM_USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  };
}

/** What Tend's SCIM service supports (RFC 7643 §5): PATCH and filtering by userName; no bulk, sort, ETags or password changes. */
export function serviceProviderConfig(base: string, documentationUri?: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    ...(documentationUri && { documentationUri }),
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'The SCIM token of the organization’s SSO provider', primary: true }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}
