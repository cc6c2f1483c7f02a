// Organizations (spec sections 3-8): organizations, members, invitations, teams and the owner /
// admin / member roles, after the ecosystem's /organization/* routes.
import { z } from 'zod';
import { LIMITS, emailInput, httpURL, idInput, jsonRecord, line, queryInteger, text, timestamp } from './primitives.js';
import { route } from './route.js';

const name = () => text({ min: 1, max: LIMITS.name, trim: true });
const slug = () => text({ min: 1, max: LIMITS.shortText, trim: true });
/** A stored record: the shared depth and size limits; strings as long as the body allows (as before). */
const metadata = () => jsonRecord({ maxString: 100_000 });
/** One role, several comma-separated (`admin,member`), or a list; unknown roles answer 400 ROLE_NOT_FOUND. */
const roleInput = () => z.union([text({ min: 1, max: LIMITS.shortText }), z.array(text({ min: 1, max: 50 })).min(1).max(10)]);
/** resource -> actions, e.g. `{ member: ['delete'] }`. */
const permissions = () => z.record(text({ min: 1, max: 100 }), z.array(text({ min: 1, max: 100 })).min(1).max(20));
/** Required fields that are objects are checked on the whole body (clients get 400 VALIDATION_ERROR naming them). */
const requires = (field: string): [(body: Record<string, unknown>) => boolean, { error: string; path: string[] }] => [
  (body) => body[field] !== undefined,
  { error: `${field} is required`, path: [field] },
];

// ------------------------------------------------------------------ replies

export const organization = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    logo: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp(),
    /** Require two-factor: members without a second factor are refused the organization's routes (403 TWO_FACTOR_REQUIRED). */
    requireTwoFactor: z.boolean(),
  })
  .meta({ id: 'Organization' });

export const member = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    userId: z.string(),
    /** One role or several, comma-separated. */
    role: z.string(),
    teamId: z.string().nullable(),
    createdAt: timestamp(),
  })
  .meta({ id: 'Member' });

export const memberWithUser = member
  .extend({ user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }) })
  .meta({ id: 'MemberWithUser' });

export const invitation = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
    teamId: z.string().nullable(),
    inviterId: z.string(),
    expiresAt: timestamp(),
    createdAt: timestamp(),
  })
  .meta({ id: 'Invitation' });

export const team = z
  .object({ id: z.string(), name: z.string(), organizationId: z.string(), createdAt: timestamp(), updatedAt: timestamp().nullable() })
  .meta({ id: 'Team' });

// ------------------------------------------------------------------ organizations

export const createOrganizationBody = z.object({
  name: name(),
  slug: slug(),
  /** Accepted for compatibility; with a session the caller is always the creator. */
  userId: idInput().optional(),
  logo: httpURL().nullable().optional(),
  metadata: metadata().nullable().optional(),
  keepCurrentActiveOrganization: z.boolean().optional(),
});
export const organizationWithMembers = organization.extend({ members: z.array(member) });

export const checkSlugBody = z.object({ slug: slug() });
export const checkSlugResponse = z.object({ status: z.literal(true) });

export const listOrganizationsResponse = z.array(organization);

export const updateOrganizationBody = z
  .object({
    data: z
      .object({
        name: name().optional(),
        slug: slug().optional(),
        logo: httpURL().nullable().optional(),
        metadata: metadata().nullable().optional(),
        /** Require two-factor; turning it on needs a second factor on the caller's own account (else 400 ENABLE_TWO_FACTOR_FIRST). */
        requireTwoFactor: z.boolean().optional(),
      })
      .optional(),
    /** Defaults to the active organization. */
    organizationId: idInput().optional(),
  })
  .refine(...requires('data'));

export const deleteOrganizationBody = z.object({ organizationId: idInput() });

export const setActiveOrganizationBody = z.object({
  /** null clears the active organization. */
  organizationId: idInput().nullable().optional(),
  organizationSlug: slug().optional(),
});
export const setActiveOrganizationResponse = organization.nullable();

export const getFullOrganizationQuery = z.object({
  organizationId: idInput().optional(),
  organizationSlug: slug().optional(),
  membersLimit: queryInteger(1, 10_000).optional(),
});
export const fullOrganization = organization
  .extend({ members: z.array(memberWithUser), invitations: z.array(invitation), teams: z.array(team) })
  .meta({ id: 'FullOrganization' });
export const getFullOrganizationResponse = fullOrganization.nullable();

// ------------------------------------------------------------------ members

export const listMembersQuery = z.object({
  /** Defaults to the active organization. */
  organizationId: idInput().optional(),
  /** 1 to 100 (larger asks get 100). */
  limit: queryInteger(1, 10_000).optional(),
  offset: queryInteger(0, 2_147_483_647).optional(),
  sortBy: z.enum(['createdAt', 'role', 'userId', 'id']).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  /** The member field a filter compares (with filterValue). */
  filterField: z.enum(['role', 'userId']).optional(),
  /** One value; `in` and `not_in` take several: the parameter repeated (at most 100). */
  filterValue: z.union([line(LIMITS.id), z.array(line(LIMITS.id)).min(1).max(100)]).optional(),
  /** Default eq. eq, ne, in, not_in are exact; contains, starts_with, ends_with case-insensitive; lt..gte in text order. */
  filterOperator: z.enum(['eq', 'ne', 'in', 'not_in', 'contains', 'starts_with', 'ends_with', 'lt', 'lte', 'gt', 'gte']).optional(),
  /** Only members whose user's name or email contains this text, case-insensitively. */
  searchValue: line(LIMITS.email).optional(),
});
/** A listed member: owners and admins also see whether the member's account has a second factor. */
export const listedMember = member
  .extend({ user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable(), twoFactorEnabled: z.boolean().optional() }) })
  .meta({ id: 'ListedMember' });
export const listMembersResponse = z.object({ members: z.array(listedMember), total: z.number().int() });

export const updateMemberRoleBody = z.object({ memberId: idInput(), role: roleInput(), organizationId: idInput().optional() });

export const removeMemberBody = z.object({
  /** A member id, or the member's email (it contains an at-sign). */
  memberIdOrEmail: text({ min: 1, max: LIMITS.email }),
  organizationId: idInput().optional(),
});
export const removeMemberResponse = z.object({ member: memberWithUser });

export const leaveOrganizationBody = z.object({ organizationId: idInput() });

// Spec section 5: `permission` or `permissions`; neither is 400 INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED.
export const hasOrganizationPermissionBody = z.object({ permission: permissions().optional(), permissions: permissions().optional(), organizationId: idInput().optional() });
export const hasOrganizationPermissionResponse = z.object({ success: z.boolean(), error: z.string().nullable() });

// ------------------------------------------------------------------ invitations

export const inviteMemberBody = z.object({
  email: emailInput(),
  role: roleInput(),
  organizationId: idInput().optional(),
  teamId: idInput().optional(),
  /** Mail again (and extend the expiry) when the address already has a pending invitation. */
  resend: z.boolean().optional(),
});

export const invitationIdBody = z.object({ invitationId: idInput() });
export const acceptInvitationResponse = z.object({ invitation, member });
export const rejectInvitationResponse = z.object({ invitation, member: z.null() });

export const getInvitationQuery = z.object({ id: idInput() });
export const invitationDetails = invitation.extend({ organizationName: z.string(), organizationSlug: z.string(), inviterEmail: z.string() });

export const listInvitationsQuery = z.object({ organizationId: idInput().optional() });
export const listInvitationsResponse = z.array(invitation);
export const listUserInvitationsResponse = z.array(invitation.extend({ organizationName: z.string(), organizationSlug: z.string() }));

// ------------------------------------------------------------------ teams

export const createTeamBody = z.object({ name: name(), organizationId: idInput().optional() });

export const updateTeamBody = z
  .object({
    teamId: idInput(),
    /** `organizationId` names the team's organization (default the active one); it never moves the team. */
    data: z.object({ name: name().optional(), organizationId: idInput().optional() }).optional(),
  })
  .refine(...requires('data'));

export const removeTeamBody = z.object({ teamId: idInput(), organizationId: idInput().optional() });
export const removeTeamResponse = z.object({ message: z.string() });

export const listTeamsQuery = z.object({ organizationId: idInput().optional() });
export const listTeamsResponse = z.array(team);

// ------------------------------------------------------------------ runtime roles (issue 32)

/** A runtime role's name: trimmed, 1 to 100 characters, no comma (a member's roles are comma-separated); stored lower-cased. */
const roleName = () => text({ min: 1, max: 100, trim: true }).refine((value) => !value.includes(','), 'must not contain a comma');
/** What a role grants: resource (organization, member, invitation, team, ac) -> actions. */
const rolePermission = () => z.record(text({ min: 1, max: 100 }), z.array(text({ min: 1, max: 100 })).max(20));
/** A role is named by `roleName` (any case) or `roleId`; naming neither answers 400 ROLE_NOT_FOUND (as better-auth). */
const roleRef = {
  roleName: text({ min: 1, max: 100, trim: true }).optional(),
  roleId: idInput().optional(),
};

export const roleData = z
  .object({ id: z.string(), organizationId: z.string(), role: z.string(), permission: z.record(z.string(), z.array(z.string())), createdAt: timestamp() })
  .meta({ id: 'OrganizationRole' });

export const createRoleBody = z
  .object({ role: roleName(), permission: rolePermission().optional(), organizationId: idInput().optional() })
  .refine(...requires('permission'));
export const createRoleResponse = z.object({ success: z.literal(true), roleData, statements: z.record(z.string(), z.array(z.string())) });

export const listRolesQuery = z.object({ organizationId: idInput().optional() });
export const listRolesResponse = z.array(roleData);

export const getRoleQuery = z.object({ ...roleRef, organizationId: idInput().optional() });

export const updateRoleBody = z
  .object({
    ...roleRef,
    organizationId: idInput().optional(),
    data: z.object({ permission: rolePermission().optional(), roleName: roleName().optional() }).optional(),
  })
  .refine(...requires('data'));
export const updateRoleResponse = z.object({ success: z.literal(true), roleData });

export const deleteRoleBody = z.object({ ...roleRef, organizationId: idInput().optional() });
export const deleteRoleResponse = z.object({ success: z.literal(true) });

// ------------------------------------------------------------------ routes

/** The organization routes: organizations, members, invitations, teams and runtime roles. */
export const organizationRoutes = {
  createOrganization: route({ method: 'post', path: '/organization/create', body: createOrganizationBody, response: organizationWithMembers }),
  checkOrganizationSlug: route({ method: 'post', path: '/organization/check-slug', body: checkSlugBody, response: checkSlugResponse }),
  listOrganizations: route({ method: 'get', path: '/organization/list', response: listOrganizationsResponse }),
  updateOrganization: route({ method: 'post', path: '/organization/update', body: updateOrganizationBody, response: organization }),
  deleteOrganization: route({ method: 'post', path: '/organization/delete', body: deleteOrganizationBody, response: organization }),
  setActiveOrganization: route({ method: 'post', path: '/organization/set-active', body: setActiveOrganizationBody, response: setActiveOrganizationResponse }),
  getFullOrganization: route({ method: 'get', path: '/organization/get-full-organization', query: getFullOrganizationQuery, response: getFullOrganizationResponse }),

  listMembers: route({ method: 'get', path: '/organization/list-members', query: listMembersQuery, response: listMembersResponse }),
  getActiveMember: route({ method: 'get', path: '/organization/get-active-member', response: memberWithUser }),
  updateMemberRole: route({ method: 'post', path: '/organization/update-member-role', body: updateMemberRoleBody, response: member }),
  removeMember: route({ method: 'post', path: '/organization/remove-member', body: removeMemberBody, response: removeMemberResponse }),
  leaveOrganization: route({ method: 'post', path: '/organization/leave', body: leaveOrganizationBody, response: member }),
  hasOrganizationPermission: route({ method: 'post', path: '/organization/has-permission', body: hasOrganizationPermissionBody, response: hasOrganizationPermissionResponse }),

  inviteMember: route({ method: 'post', path: '/organization/invite-member', body: inviteMemberBody, response: invitation }),
  acceptInvitation: route({ method: 'post', path: '/organization/accept-invitation', body: invitationIdBody, response: acceptInvitationResponse }),
  rejectInvitation: route({ method: 'post', path: '/organization/reject-invitation', body: invitationIdBody, response: rejectInvitationResponse }),
  cancelInvitation: route({ method: 'post', path: '/organization/cancel-invitation', body: invitationIdBody, response: invitation }),
  getInvitation: route({ method: 'get', path: '/organization/get-invitation', query: getInvitationQuery, response: invitationDetails }),
  listInvitations: route({ method: 'get', path: '/organization/list-invitations', query: listInvitationsQuery, response: listInvitationsResponse }),
  listUserInvitations: route({ method: 'get', path: '/organization/list-user-invitations', response: listUserInvitationsResponse }),

  createTeam: route({ method: 'post', path: '/organization/create-team', body: createTeamBody, response: team }),
  updateTeam: route({ method: 'post', path: '/organization/update-team', body: updateTeamBody, response: team }),
  removeTeam: route({ method: 'post', path: '/organization/remove-team', body: removeTeamBody, response: removeTeamResponse }),
  listTeams: route({ method: 'get', path: '/organization/list-teams', query: listTeamsQuery, response: listTeamsResponse }),

  createRole: route({ method: 'post', path: '/organization/create-role', body: createRoleBody, response: createRoleResponse }),
  listRoles: route({ method: 'get', path: '/organization/list-roles', query: listRolesQuery, response: listRolesResponse }),
  getRole: route({ method: 'get', path: '/organization/get-role', query: getRoleQuery, response: roleData }),
  updateRole: route({ method: 'post', path: '/organization/update-role', body: updateRoleBody, response: updateRoleResponse }),
  deleteRole: route({ method: 'post', path: '/organization/delete-role', body: deleteRoleBody, response: deleteRoleResponse }),
};
