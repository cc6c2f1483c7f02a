// SCIM 2.0's routes (issue 32, docs/scim.md). The token route is an ordinary JSON route; the
// /scim/v2 routes authenticate the directory by its bearer token themselves, answer
// `application/scim+json`, and their own errors carry RFC 7644's error body (`schemas`, `status`,
// `detail`, `scimType`) beside `{code, message}` — the one documented exception to the gateway's
// error shape, recognised by the harness's errorBodyProblem. The edge's answers (malformed JSON,
// 400 VALIDATION_ERROR of the schemas, 413, 429) keep the gateway's shape.
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { SCIM_MEDIA_TYPE, routes } from '@tend/contracts';
import { SCIM_ERRORS, SCIM_USER_SCHEMA, listResponse, serviceProviderConfig, scimError, toScimUserResource, userResourceType, userSchema, type ProvisionedUser, type ScimProvisioning, type ScimToken } from '@tend/scim';
import { TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { isAuthError } from '@tend/kernel';
import { endpoint, type AnyEndpoint, type EndpointSpec, type HandlerContext, type ResponseSpec } from '../../http/endpoint.js';
import { SCIM } from './tokens.js';

const tags = ['SCIM'];
const description = 'Authenticated by the SCIM token (`Authorization: Bearer <scimToken>`); answers `application/scim+json`; errors carry RFC 7644 §3.12 `schemas`, `status`, `detail` and `scimType` besides `code` and `message`.';
const tokenErrors = [SCIM_ERRORS.INVALID_SCIM_TOKEN];

/** The bearer credential of the request, or null. */
function bearerOf(req: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match ? match[1]! : null;
}

/**
 * Every /scim/v2 call: the SCIM media type on every answer, the token checked first (a 401
 * carries `WWW-Authenticate: Bearer`, RFC 6750 §3).
 */
async function authenticated(req: Request, res: Response, provisioning: ScimProvisioning): Promise<ScimToken> {
  res.setHeader('Content-Type', `${SCIM_MEDIA_TYPE}; charset=utf-8`);
  try {
    return await provisioning.authenticate(bearerOf(req));
  } catch (error) {
    if (isAuthError(error) && error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
    throw error;
  }
}

const resourceOf = (base: string) => (provisioned: ProvisionedUser) => toScimUserResource(provisioned.user, provisioned.email, base);

export const generateScimToken = endpoint({
  ...routes.generateScimToken,
  summary: "Make the SCIM token of an organization's SSO provider",
  description:
    'For an owner or admin of the organization (while it requires two-factor, one with a second factor: 403 `TWO_FACTOR_REQUIRED`). The token is answered this once; only its SHA-256 is stored, and a new one for the same provider and organization ends the old one.',
  tags,
  auth: 'session',
  errors: [SCIM_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING, TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED, SCIM_ERRORS.SCIM_PROVIDER_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  deps: { generate: SCIM.GenerateToken },
  handler: ({ deps, body, auth }) => deps.generate.execute({ ...body, userId: auth.user.id }),
  audit: (outcome, { auth, body }) => (outcome.ok ? { action: 'scim.token.create', actorId: auth?.user.id ?? null, organizationId: body.organizationId, detail: { provider: body.providerId } } : null),
});

export const listScimTokens = endpoint({
  ...routes.listScimTokens,
  summary: "When each of an organization's SCIM tokens was made",
  description:
    'For an owner or admin of the organization (while it requires two-factor, one with a second factor: 403 `TWO_FACTOR_REQUIRED`): one entry per SSO provider that has a token, with the time it was made. The token itself is never answered again.',
  tags,
  auth: 'session',
  errors: [SCIM_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SCIM_PROVISIONING, TWO_FACTOR_POLICY_ERRORS.TWO_FACTOR_REQUIRED, SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: SCIM.ListTokens },
  handler: ({ deps, query, auth }) => deps.list.execute({ organizationId: query.organizationId, userId: auth.user.id }),
});

type Schema = z.ZodType | undefined;
type ScimDeps = { provisioning: typeof SCIM.Provisioning; base: typeof SCIM.Base };
type ScimRoute<B extends Schema, Q extends Schema, P extends Schema, R extends ResponseSpec> = EndpointSpec<ScimDeps, B, Q, P, R, 'public'>;

/** What a /scim/v2 handler gets: the request's parts, the authenticated token, the service and its base URL. */
type ScimCall<B extends Schema, Q extends Schema, P extends Schema> = Pick<HandlerContext<ScimDeps, B, Q, P, 'public'>, 'body' | 'query' | 'params' | 'res'> & {
  token: ScimToken;
  provisioning: ScimProvisioning;
  base: string;
};

/**
 * A /scim/v2 route: public (the SCIM token authenticates the directory, checked by `authenticated`
 * before `handle` runs), the SCIM tag, the shared description unless it has its own, and the
 * token's errors before its own.
 */
function scimEndpoint<B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined, R extends ResponseSpec = z.ZodType>(
  spec: Omit<ScimRoute<B, Q, P, R>, 'tags' | 'auth' | 'deps' | 'handler'> & { handle(call: ScimCall<B, Q, P>): ReturnType<ScimRoute<B, Q, P, R>['handler']> },
): AnyEndpoint {
  const { handle, errors = [], ...route } = spec;
  return endpoint<ScimDeps, B, Q, P, R, 'public'>({
    description,
    ...route,
    tags,
    auth: 'public',
    errors: [...tokenErrors, ...errors],
    deps: { provisioning: SCIM.Provisioning, base: SCIM.Base },
    handler: async ({ deps, body, query, params, req, res }) => {
      const token = await authenticated(req, res, deps.provisioning);
      return handle({ token, provisioning: deps.provisioning, base: deps.base, body, query, params, res });
    },
  });
}

export const scimServiceProviderConfig = scimEndpoint({
  ...routes.scimServiceProviderConfig,
  summary: 'What the SCIM service supports (RFC 7643 §5)',
  handle: ({ base }) => serviceProviderConfig(base),
});

export const scimSchemas = scimEndpoint({
  ...routes.scimSchemas,
  summary: 'The SCIM schemas Tend supports (the core User)',
  handle: ({ base }) => listResponse([userSchema(base)], 1, 1),
});

export const scimSchema = scimEndpoint({
  ...routes.scimSchema,
  summary: 'One SCIM schema by its URN',
  errors: [SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND],
  handle: ({ base, params }) => {
    if (params.schemaId !== SCIM_USER_SCHEMA) throw scimError(SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND);
    return userSchema(base);
  },
});

export const scimResourceTypes = scimEndpoint({
  ...routes.scimResourceTypes,
  summary: 'The SCIM resource types Tend supports (User)',
  handle: ({ base }) => listResponse([userResourceType(base)], 1, 1),
});

export const scimResourceType = scimEndpoint({
  ...routes.scimResourceType,
  summary: 'One SCIM resource type',
  errors: [SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND],
  handle: ({ base, params }) => {
    if (params.resourceTypeId !== 'User') throw scimError(SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND);
    return userResourceType(base);
  },
});

export const scimListUsers = scimEndpoint({
  ...routes.scimListUsers,
  summary: "The organization's provisioned users",
  description: `${description} The only filter is \`userName eq "<value>"\` (case-insensitive).`,
  errors: [SCIM_ERRORS.INVALID_SCIM_FILTER],
  handle: async ({ token, provisioning, base, query }) => {
    const page = await provisioning.list(token, query);
    return listResponse(page.users.map(resourceOf(base)), page.total, page.startIndex);
  },
});

const writeErrors = [SCIM_ERRORS.SCIM_USERNAME_IS_REQUIRED, SCIM_ERRORS.SCIM_USERNAME_IS_ALREADY_TAKEN, SCIM_ERRORS.INVALID_SCIM_VALUE];
const deactivation = `${description} Deactivation ends every session and API key of the user at once and refuses every sign-in until \`active: true\`.`;

export const scimCreateUser = scimEndpoint({
  ...routes.scimCreateUser,
  summary: 'Provision a user: an account and a membership (role member) of the organization',
  description: `${description} An address that already has a Tend account answers 409 \`uniqueness\`: the directory never takes over an account it did not make.`,
  errors: [...writeErrors, SCIM_ERRORS.SCIM_ORGANIZATION_IS_FULL],
  handle: async ({ token, provisioning, base, body, res }) => {
    const resource = resourceOf(base)(await provisioning.create(token, body));
    res.setHeader('Location', resource.meta.location);
    return resource;
  },
});

export const scimGetUser = scimEndpoint({
  ...routes.scimGetUser,
  summary: 'One provisioned user',
  errors: [SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND],
  handle: async ({ token, provisioning, base, params }) => resourceOf(base)(await provisioning.get(token, params.userId)),
});

export const scimReplaceUser = scimEndpoint({
  ...routes.scimReplaceUser,
  summary: 'Replace a provisioned user (active: false deactivates them)',
  description: deactivation,
  errors: [...writeErrors, SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND],
  handle: async ({ token, provisioning, base, params, body }) => resourceOf(base)(await provisioning.replace(token, params.userId, body)),
});

export const scimPatchUser = scimEndpoint({
  ...routes.scimPatchUser,
  summary: 'Change a provisioned user (RFC 7644 §3.5.2; active: false deactivates them)',
  description: deactivation,
  errors: [...writeErrors, SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND],
  handle: async ({ token, provisioning, base, params, body }) => resourceOf(base)(await provisioning.patch(token, params.userId, body.Operations)),
});

export const scimDeleteUser = scimEndpoint({
  ...routes.scimDeleteUser,
  summary: 'Deprovision a user: deactivated, and no longer a member',
  errors: [SCIM_ERRORS.SCIM_RESOURCE_NOT_FOUND],
  handle: async ({ token, provisioning, params }) => {
    await provisioning.remove(token, params.userId);
    return null;
  },
});
