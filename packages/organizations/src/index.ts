// @tend/organizations: organizations, members, invitations and teams (spec sections 3-9).
export type {
  Actor,
  Organization,
  Member,
  MemberUser,
  MemberWithUser,
  ListedMember,
  MemberAccess,
  Invitation,
  InvitationStatus,
  Team,
  OrganizationWithMembers,
  FullOrganization,
  UserInvitation,
  RuntimeRole,
} from './entities.js';
export { INVITATION_STATUSES } from './entities.js';
export { ORGANIZATION_ERRORS, REJECT_INVITATION_ERRORS, ROLE_ERRORS, TWO_FACTOR_POLICY_ERRORS } from './error-codes.js';
export {
  ORGANIZATION_STATEMENTS,
  ORGANIZATION_ROLES,
  CREATOR_ROLE,
  hasOrganizationPermission,
  hasRole,
  isKnownRole,
  isBuiltInRole,
  parseRoles,
  renameRole,
  type RuntimeGrants,
  type OrganizationResource,
  type OrganizationAction,
  type OrganizationPermissions,
  type OrganizationRole,
} from './permissions.js';
export { DEFAULT_ORGANIZATIONS_CONFIG, MEMBER_FILTER_VALUES_LIMIT, MEMBERS_PAGE_LIMIT, organizationsConfig, type OrganizationsConfig } from './config.js';
export {
  MEMBER_SORT_FIELDS,
  MEMBER_FILTER_FIELDS,
  MEMBER_FILTER_OPERATORS,
  type MemberFilter,
  type MemberFilterField,
  type MemberFilterOperator,
  type Outcome,
  type NewOrganization,
  type OrganizationPatch,
  type OrganizationRepository,
  type MemberRepository,
  type MemberPage,
  type MemberSortField,
  type OwnerGuard,
  type InvitationRepository,
  type TeamRepository,
  type ActiveOrganizationStore,
  type RuntimeRoleRepository,
  type RuntimeRolePatch,
  type OrganizationStores,
} from './ports.js';
// use cases, one per route
export { CreateOrganization, type CreateOrganizationInput, type CreateOrganizationResult } from './use-cases/create-organization.js';
export { CheckOrganizationSlug } from './use-cases/check-organization-slug.js';
export { ListOrganizations } from './use-cases/list-organizations.js';
export { UpdateOrganization, type UpdateOrganizationInput } from './use-cases/update-organization.js';
export { DeleteOrganization, type DeleteOrganizationResult } from './use-cases/delete-organization.js';
export { SetActiveOrganization, type SetActiveOrganizationInput, type SetActiveOrganizationResult } from './use-cases/set-active-organization.js';
export { GetFullOrganization, type GetFullOrganizationInput } from './use-cases/get-full-organization.js';
export { ListMembers, type ListMembersInput } from './use-cases/list-members.js';
export { GetActiveMember } from './use-cases/get-active-member.js';
export { UpdateMemberRole, type UpdateMemberRoleInput, type UpdateMemberRoleResult } from './use-cases/update-member-role.js';
export { RemoveMember, type RemoveMemberInput, type RemoveMemberResult } from './use-cases/remove-member.js';
export { LeaveOrganization, type LeaveOrganizationResult } from './use-cases/leave-organization.js';
export { InviteMember, type InviteMemberInput, type InviteMemberResult } from './use-cases/invite-member.js';
export { AcceptInvitation, type AcceptInvitationResult } from './use-cases/accept-invitation.js';
export { JoinOrganization, type JoinOrganizationInput, type JoinOrganizationResult, type MembershipEvents } from './use-cases/join-organization.js';
export { RejectInvitation } from './use-cases/reject-invitation.js';
export { CancelInvitation } from './use-cases/cancel-invitation.js';
export { GetInvitation, type InvitationDetails } from './use-cases/get-invitation.js';
export { ListInvitations } from './use-cases/list-invitations.js';
export { ListUserInvitations } from './use-cases/list-user-invitations.js';
export { CreateTeam } from './use-cases/create-team.js';
export { UpdateTeam, type UpdateTeamInput } from './use-cases/update-team.js';
export { RemoveTeam, TEAM_REMOVED, type RemoveTeamResult } from './use-cases/remove-team.js';
export { ListTeams } from './use-cases/list-teams.js';
export { CheckOrganizationPermission, type CheckOrganizationPermissionInput } from './use-cases/check-organization-permission.js';
export { CreateRole, ListRoles, GetRole, UpdateRole, DeleteRole, type CreateRoleResult, type RoleRef } from './use-cases/runtime-roles.js';
export { memberHasPermission, memberUnderPolicies, policiesAllow, requirePolicies } from './use-cases/access.js';
export type { MemberPageInput } from './use-cases/member-page.js';
// in-memory adapters (one process, tests)
export {
  MemoryOrganizationRepository,
  MemoryMemberRepository,
  MemoryInvitationRepository,
  MemoryTeamRepository,
  MemoryActiveOrganizationStore,
  MemoryRuntimeRoleRepository,
} from './adapters/memory/index.js';
export { memoryOrganizationStores } from './adapters/memory/memory-organization-stores.js';
export { ORGANIZATION_EVENT_TYPES, eventRecordingStores, organizationEvent, memberEvent, type OrganizationEventType } from './organization-events.js';
