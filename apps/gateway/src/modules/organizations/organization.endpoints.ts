import { routes } from '@tend/contracts';
import { ORGANIZATION_ERRORS as E, type Organization, TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { actorOf, auditSuccess, keepActiveOrganization } from './caller.js';
import { ORGANIZATIONS } from './tokens.js';

/** Refused to a member without a second factor while the organization requires one (issue 32). */
const { TWO_FACTOR_REQUIRED } = TWO_FACTOR_POLICY_ERRORS;

const tags = ['Organizations'];

export const createOrganization = endpoint({
  ...routes.createOrganization,
  summary: 'Create an organization; the caller becomes its owner',
  description:
    'With teams on, a default team named after the organization is created and the creator joins it. ' +
    'The organization becomes the session’s active one unless `keepCurrentActiveOrganization`. `userId` is ignored: the caller is the creator.',
  tags,
  auth: 'session',
  errors: [E.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION, E.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS, E.ORGANIZATION_ALREADY_EXISTS, SESSION_ERRORS.UNAUTHORIZED],
  audit: auditSuccess<Organization>((organization) => ({ action: 'organization.create', organizationId: organization.id, detail: { slug: organization.slug } })),
  deps: { create: ORGANIZATIONS.CreateOrganization, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const { name, slug, logo, metadata, keepCurrentActiveOrganization } = body;
    const created = await deps.create.execute({ actor: actorOf(auth), name, slug, logo, metadata, keepCurrentActiveOrganization });
    keepActiveOrganization(deps.http, { auth, req, res }, created.activeOrganizationId);
    return created.organization;
  },
});

export const checkOrganizationSlug = endpoint({
  ...routes.checkOrganizationSlug,
  summary: 'Check that an organization slug is free',
  tags,
  auth: 'session',
  errors: [E.SLUG_IS_TAKEN, SESSION_ERRORS.UNAUTHORIZED],
  deps: { check: ORGANIZATIONS.CheckOrganizationSlug },
  handler: ({ deps, body }) => deps.check.execute({ slug: body.slug }),
});

export const listOrganizations = endpoint({
  ...routes.listOrganizations,
  summary: 'The organizations the caller is a member of, oldest first',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: ORGANIZATIONS.ListOrganizations },
  handler: ({ deps, auth }) => deps.list.execute({ actor: actorOf(auth) }),
});

export const updateOrganization = endpoint({
  ...routes.updateOrganization,
  summary: 'Change an organization’s name, slug, logo, metadata or two-factor requirement',
  description:
    'Needs organization update permission (owner, admin). The organization defaults to the active one. ' +
    '`requireTwoFactor: true` refuses members without a second factor every route of the organization but get-full-organization, leave and list ' +
    '(403 `TWO_FACTOR_REQUIRED`) and makes its SSO sign-ins ask for one; turning it on needs a second factor on the caller’s own account (400 `ENABLE_TWO_FACTOR_FIRST`).',
  tags,
  auth: { permission: { scope: 'organization', resource: 'organization', action: 'update' } },
  errors: [
    TWO_FACTOR_REQUIRED,
    E.NO_ACTIVE_ORGANIZATION,
    E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION,
    E.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION,
    E.SLUG_IS_TAKEN,
    E.ORGANIZATION_NOT_FOUND,
    TWO_FACTOR_POLICY_ERRORS.ENABLE_TWO_FACTOR_FIRST,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  audit: auditSuccess<Organization>((organization) => ({
    action: 'organization.update',
    organizationId: organization.id,
    detail: { slug: organization.slug, requireTwoFactor: organization.requireTwoFactor },
  })),
  deps: { update: ORGANIZATIONS.UpdateOrganization },
  handler: ({ deps, body, auth }) => deps.update.execute({ actor: actorOf(auth), organizationId: body.organizationId, data: body.data ?? {} }),
});

export const deleteOrganization = endpoint({
  ...routes.deleteOrganization,
  summary: 'Delete an organization with its members, invitations and teams',
  description: 'Needs organization delete permission (the owner). Every session that had it active no longer has an active organization.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'organization', action: 'delete' } },
  errors: [TWO_FACTOR_REQUIRED, E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, E.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION, E.ORGANIZATION_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  audit: auditSuccess<Organization>((organization) => ({ action: 'organization.delete', organizationId: organization.id, detail: { slug: organization.slug, name: organization.name } })),
  deps: { remove: ORGANIZATIONS.DeleteOrganization, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const deleted = await deps.remove.execute({ actor: actorOf(auth), organizationId: body.organizationId });
    keepActiveOrganization(deps.http, { auth, req, res }, deleted.activeOrganizationId);
    return deleted.organization;
  },
});

export const setActiveOrganization = endpoint({
  ...routes.setActiveOrganization,
  summary: 'Make an organization the session’s active one (by id or slug), or clear it with null',
  description: 'Without `organizationId` and `organizationSlug` it answers the current active organization.',
  tags,
  auth: 'session',
  errors: [TWO_FACTOR_REQUIRED, E.ORGANIZATION_NOT_FOUND, E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { setActive: ORGANIZATIONS.SetActiveOrganization, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const result = await deps.setActive.execute({ actor: actorOf(auth), organizationId: body.organizationId, organizationSlug: body.organizationSlug });
    keepActiveOrganization(deps.http, { auth, req, res }, result.activeOrganizationId);
    return result.organization;
  },
});

export const getFullOrganization = endpoint({
  ...routes.getFullOrganization,
  summary: 'An organization with its members (one page), invitations and teams',
  description: 'By slug, id or (default) the active organization; null when none is named and none is active.',
  tags,
  auth: 'session',
  errors: [E.ORGANIZATION_NOT_FOUND, E.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED],
  deps: { get: ORGANIZATIONS.GetFullOrganization },
  handler: ({ deps, query, auth }) => deps.get.execute({ actor: actorOf(auth), ...query }),
});
