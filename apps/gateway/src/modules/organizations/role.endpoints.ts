import { routes } from '@tend/contracts';
import { ORGANIZATION_ERRORS as E, ROLE_ERRORS as R, TWO_FACTOR_POLICY_ERRORS } from '@tend/organizations';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { actorOf, auditSuccess } from './caller.js';
import { ORGANIZATIONS } from './tokens.js';

/** Refused to a member without a second factor while the organization requires one (issue 32). */
const { TWO_FACTOR_REQUIRED } = TWO_FACTOR_POLICY_ERRORS;

// The organization's runtime roles (issue 32): better-auth's dynamic access control routes.
const tags = ['Organization roles'];
const access = [E.NO_ACTIVE_ORGANIZATION, E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION, SESSION_ERRORS.UNAUTHORIZED];

export const createRole = endpoint({
  ...routes.createRole,
  summary: 'Define a role of the organization',
  description:
    'Needs `ac: create`. The name is stored lower-cased and must be free in the organization (built-in roles included). ' +
    '`permission` maps resources (organization, member, invitation, team, ac) to actions; the caller must hold every one.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'ac', action: 'create' } },
  errors: [TWO_FACTOR_REQUIRED, ...access, R.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE, R.INVALID_RESOURCE, R.ROLE_NAME_IS_ALREADY_TAKEN, E.ORGANIZATION_NOT_FOUND],
  audit: auditSuccess<{ roleData: { id: string; organizationId: string; role: string; permission: unknown } }>(({ roleData }) => ({
    action: 'organization.role.create',
    organizationId: roleData.organizationId,
    detail: { roleId: roleData.id, role: roleData.role, permission: roleData.permission },
  })),
  deps: { create: ORGANIZATIONS.CreateOrganizationRole },
  handler: ({ deps, body, auth }) => deps.create.execute({ actor: actorOf(auth), role: body.role, permission: body.permission ?? {}, organizationId: body.organizationId }),
});

export const listRoles = endpoint({
  ...routes.listRoles,
  summary: 'The roles the organization defined, oldest first',
  description: 'Needs `ac: read` (every built-in role holds it). The organization defaults to the active one.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'ac', action: 'read' } },
  errors: [TWO_FACTOR_REQUIRED, ...access, R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE],
  deps: { list: ORGANIZATIONS.ListOrganizationRoles },
  handler: ({ deps, query, auth }) => deps.list.execute({ actor: actorOf(auth), organizationId: query.organizationId }),
});

export const getRole = endpoint({
  ...routes.getRole,
  summary: 'One role the organization defined, by name or id',
  description: 'Needs `ac: read`. `roleName` (any case) or `roleId`; another organization’s role is not found.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'ac', action: 'read' } },
  errors: [TWO_FACTOR_REQUIRED, ...access, R.YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE, E.ROLE_NOT_FOUND],
  deps: { get: ORGANIZATIONS.GetOrganizationRole },
  handler: ({ deps, query, auth }) => deps.get.execute({ actor: actorOf(auth), ...query }),
});

export const updateRole = endpoint({
  ...routes.updateRole,
  summary: 'Change a role’s permissions or name',
  description:
    'Needs `ac: update`, and every permission the role is to grant. A new name must be free; members and pending invitations ' +
    'holding the role keep it under its new name. Takes effect on the next request, on every instance.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'ac', action: 'update' } },
  errors: [TWO_FACTOR_REQUIRED, ...access, R.YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE, E.ROLE_NOT_FOUND, R.INVALID_RESOURCE, R.ROLE_NAME_IS_ALREADY_TAKEN],
  audit: auditSuccess<{ roleData: { id: string; organizationId: string; role: string; permission: unknown } }>(({ roleData }) => ({
    action: 'organization.role.update',
    organizationId: roleData.organizationId,
    detail: { roleId: roleData.id, role: roleData.role, permission: roleData.permission },
  })),
  deps: { update: ORGANIZATIONS.UpdateOrganizationRole },
  handler: ({ deps, body, auth }) =>
    deps.update.execute({ actor: actorOf(auth), roleName: body.roleName, roleId: body.roleId, organizationId: body.organizationId, data: body.data ?? {} }),
});

export const deleteRole = endpoint({
  ...routes.deleteRole,
  summary: 'Delete a role the organization defined',
  description: 'Needs `ac: delete`. Built-in roles cannot be deleted, nor a role a member holds.',
  tags,
  auth: { permission: { scope: 'organization', resource: 'ac', action: 'delete' } },
  errors: [TWO_FACTOR_REQUIRED, ...access, R.YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE, E.ROLE_NOT_FOUND, R.CANNOT_DELETE_A_PRE_DEFINED_ROLE, R.ROLE_IS_ASSIGNED_TO_MEMBERS],
  audit: (outcome, { auth, body }) =>
    outcome.ok ? { action: 'organization.role.delete', actorId: auth?.user.id ?? null, organizationId: body.organizationId ?? auth?.session.activeOrganizationId ?? null, detail: { roleName: body.roleName ?? null, roleId: body.roleId ?? null } } : null,
  deps: { delete: ORGANIZATIONS.DeleteOrganizationRole },
  handler: ({ deps, body, auth }) => deps.delete.execute({ actor: actorOf(auth), roleName: body.roleName, roleId: body.roleId, organizationId: body.organizationId }),
});
