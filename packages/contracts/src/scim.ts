// SCIM 2.0 provisioning (issue 32; RFC 7643 resources, RFC 7644 protocol), per organization SSO
// provider: an owner or admin mints a bearer token for the pair (/scim/generate-token), and the
// organization's directory (Okta, Entra ID, Google Workspace) creates, changes, deactivates and
// removes users under /scim/v2 with it. See docs/scim.md.
import { z } from 'zod';
import { LIMITS, emailInput, idInput, jsonRecord, line, queryInteger, text, timestamp } from './primitives.js';
import { route } from './route.js';
import { ssoProviderId } from './sso.js';

/** The core User schema's URN (RFC 7643 §4.1). */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** The media type of every SCIM answer (RFC 7644 §3.1); requests may send it or plain JSON. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

// ------------------------------------------------------------------ the token

export const generateScimTokenBody = z.object({ providerId: ssoProviderId(), organizationId: idInput() });
export const generateScimTokenResponse = z.object({ scimToken: z.string() });

/** Tend's own read (no better-auth counterpart): when each provider's token was made; never the token. */
export const listScimTokensQuery = z.object({ organizationId: idInput() });
export const scimTokenInfo = z.object({ providerId: z.string(), organizationId: z.string(), createdAt: timestamp() }).meta({ id: 'ScimTokenInfo' });
export const listScimTokensResponse = z.object({ tokens: z.array(scimTokenInfo) });

// ------------------------------------------------------------------ users

const scimName = z.object({ formatted: line(256).optional(), givenName: line(128).optional(), familyName: line(128).optional() });
const scimEmail = z.object({ value: emailInput(), primary: z.boolean().optional(), type: line(32).optional() });

/**
 * A User a directory sends (POST, PUT). Attributes Tend does not keep are dropped; `userName` is
 * optional here so that its absence answers SCIM's own 400 `invalidValue`, not a validation error.
 */
export const scimUserBody = z.object({
  schemas: z.array(line(128)).max(10).optional(),
  userName: line(LIMITS.email).optional(),
  externalId: line(256).optional(),
  displayName: line(256).optional(),
  name: scimName.optional(),
  emails: z.array(scimEmail).max(10).optional(),
  active: z.boolean().optional(),
});

/** One PATCH operation (RFC 7644 §3.5.2); `op` any case (Entra sends `Replace`). */
const scimPatchOperation = z.object({
  op: line(16),
  path: line(256).optional(),
  value: z.union([z.boolean(), text({ max: 2048 }), jsonRecord({ maxNodes: 100 }), z.array(jsonRecord({ maxNodes: 100 })).max(10)]).optional(),
});
export const scimPatchBody = z.object({
  schemas: z.array(line(128)).max(10).optional(),
  Operations: z.array(scimPatchOperation).min(1).max(100),
});

export const scimUsersQuery = z.object({
  /** Only `userName eq "<value>"` (what Okta and Entra send); another filter answers 400 `invalidFilter`. */
  filter: line(512).optional(),
  startIndex: queryInteger(1, 1_000_000).optional(),
  count: queryInteger(0, 200).optional(),
});
export const scimUserParams = z.object({ userId: idInput() });
export const scimSchemaParams = z.object({ schemaId: line(256) });
export const scimResourceTypeParams = z.object({ resourceTypeId: line(64) });

const scimMeta = z.object({ resourceType: z.string(), created: timestamp(), lastModified: timestamp(), location: z.string() });

export const scimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  displayName: z.string().optional(),
  name: z.object({ formatted: z.string().optional(), givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  emails: z.array(z.object({ value: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  meta: scimMeta,
});

const listOf = <T extends z.ZodType>(resource: T) =>
  z.object({ schemas: z.array(z.string()), totalResults: z.number().int(), startIndex: z.number().int(), itemsPerPage: z.number().int(), Resources: z.array(resource) });

export const scimUserList = listOf(scimUser);
/** A discovery document (ServiceProviderConfig, a Schema, a ResourceType): fixed data. */
export const scimDocument = z.looseObject({ schemas: z.array(z.string()) });
export const scimDocumentList = listOf(scimDocument);

// ------------------------------------------------------------------ routes

export const scimRoutes = {
  generateScimToken: route({ method: 'post', path: '/scim/generate-token', body: generateScimTokenBody, response: generateScimTokenResponse, status: 201 }),
  listScimTokens: route({ method: 'get', path: '/scim/list-tokens', query: listScimTokensQuery, response: listScimTokensResponse }),
  scimServiceProviderConfig: route({ method: 'get', path: '/scim/v2/ServiceProviderConfig', response: scimDocument }),
  scimSchemas: route({ method: 'get', path: '/scim/v2/Schemas', response: scimDocumentList }),
  scimSchema: route({ method: 'get', path: '/scim/v2/Schemas/:schemaId', params: scimSchemaParams, response: scimDocument }),
  scimResourceTypes: route({ method: 'get', path: '/scim/v2/ResourceTypes', response: scimDocumentList }),
  scimResourceType: route({ method: 'get', path: '/scim/v2/ResourceTypes/:resourceTypeId', params: scimResourceTypeParams, response: scimDocument }),
  scimListUsers: route({ method: 'get', path: '/scim/v2/Users', query: scimUsersQuery, response: scimUserList }),
  scimCreateUser: route({ method: 'post', path: '/scim/v2/Users', body: scimUserBody, response: scimUser, status: 201 }),
  scimGetUser: route({ method: 'get', path: '/scim/v2/Users/:userId', params: scimUserParams, response: scimUser }),
  scimReplaceUser: route({ method: 'put', path: '/scim/v2/Users/:userId', params: scimUserParams, body: scimUserBody, response: scimUser }),
  scimPatchUser: route({ method: 'patch', path: '/scim/v2/Users/:userId', params: scimUserParams, body: scimPatchBody, response: scimUser }),
  /** 204: no body. */
  scimDeleteUser: route({ method: 'delete', path: '/scim/v2/Users/:userId', params: scimUserParams, response: z.null(), status: 204 }),
};
