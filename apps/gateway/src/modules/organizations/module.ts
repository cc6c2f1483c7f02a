import {
  AcceptInvitation,
  CancelInvitation,
  CheckOrganizationPermission,
  CheckOrganizationSlug,
  CreateOrganization,
  CreateRole,
  CreateTeam,
  DeleteOrganization,
  DeleteRole,
  GetActiveMember,
  GetFullOrganization,
  GetInvitation,
  GetRole,
  InviteMember,
  JoinOrganization,
  LeaveOrganization,
  ListInvitations,
  ListMembers,
  ListOrganizations,
  ListRoles,
  ListTeams,
  ListUserInvitations,
  RejectInvitation,
  RemoveMember,
  RemoveTeam,
  SetActiveOrganization,
  UpdateMemberRole,
  UpdateOrganization,
  UpdateRole,
  UpdateTeam,
  ORGANIZATION_ERRORS,
  REJECT_INVITATION_ERRORS,
  ROLE_ERRORS,
  TWO_FACTOR_POLICY_ERRORS,
  ORGANIZATION_EVENT_TYPES,
  eventRecordingStores,
} from '@tend/organizations';
import { prismaOrganizationStores } from '@tend/organizations/prisma';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { organizationsSettings } from './settings.js';
import { OrganizationAuthorizer } from './authorizer.js';
import { acceptInvitation, cancelInvitation, getInvitation, inviteMember, listInvitations, listUserInvitations, rejectInvitation } from './invitation.endpoints.js';
import { getActiveMember, hasOrganizationPermission, leaveOrganization, listMembers, removeMember, updateMemberRole } from './member.endpoints.js';
import { checkOrganizationSlug, createOrganization, deleteOrganization, getFullOrganization, listOrganizations, setActiveOrganization, updateOrganization } from './organization.endpoints.js';
import { createTeam, listTeams, removeTeam, updateTeam } from './team.endpoints.js';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './role.endpoints.js';
import { organizationSessionWrites } from './session-writes.js';
import { ORGANIZATIONS } from './tokens.js';

const O = ORGANIZATIONS;

/** Organizations: members, invitations, teams, the owner / admin / member roles (spec sections 3-8) and runtime roles (issue 32). */
export const organizationsModule: GatewayModule = {
  name: 'organizations',
  settings: organizationsSettings,
  bind(c, { config }) {
    const rules = settingsOf(config, organizationsSettings);
    const { webURL } = config;
    bindFactory(c, O.OrganizationStores, [PLATFORM.Database], (db) => prismaOrganizationStores(db));
    bindFactory(c, O.OrganizationAuthorizer, [O.OrganizationStores], (stores) => new OrganizationAuthorizer(stores));

    bindFactory(c, O.CreateOrganization, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new CreateOrganization(stores, clock, rules));
    bindFactory(c, O.CheckOrganizationSlug, [O.OrganizationStores], (stores) => new CheckOrganizationSlug(stores));
    bindFactory(c, O.ListOrganizations, [O.OrganizationStores], (stores) => new ListOrganizations(stores));
    bindFactory(c, O.UpdateOrganization, [O.OrganizationStores], (stores) => new UpdateOrganization(stores));
    bindFactory(c, O.DeleteOrganization, [O.OrganizationStores], (stores) => new DeleteOrganization(stores));
    bindFactory(c, O.SetActiveOrganization, [O.OrganizationStores], (stores) => new SetActiveOrganization(stores));
    bindFactory(c, O.GetFullOrganization, [O.OrganizationStores], (stores) => new GetFullOrganization(stores, rules));

    bindFactory(c, O.ListOrganizationMembers, [O.OrganizationStores], (stores) => new ListMembers(stores));
    bindFactory(c, O.GetActiveOrganizationMember, [O.OrganizationStores], (stores) => new GetActiveMember(stores));
    bindFactory(c, O.UpdateOrganizationMemberRole, [O.OrganizationStores], (stores) => new UpdateMemberRole(stores));
    bindFactory(c, O.RemoveOrganizationMember, [O.OrganizationStores], (stores) => new RemoveMember(stores));
    bindFactory(c, O.LeaveOrganization, [O.OrganizationStores], (stores) => new LeaveOrganization(stores));
    bindFactory(c, O.CheckOrganizationPermission, [O.OrganizationStores], (stores) => new CheckOrganizationPermission(stores));

    bindFactory(
      c,
      O.InviteOrganizationMember,
      [O.OrganizationStores, PLATFORM.Mailer, PLATFORM.Logger, PLATFORM.Clock],
      (stores, mailer, logger, clock) => new InviteMember(stores, mailer, logger, clock, webURL, rules),
    );
    bindFactory(c, O.AcceptOrganizationInvitation, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new AcceptInvitation(stores, clock, rules));
    bindFactory(c, O.JoinOrganization, [O.OrganizationStores, PLATFORM.Clock, PLATFORM.AuditSink], (stores, clock, audit) =>
      new JoinOrganization(stores, clock, rules, {
        joined: ({ member, via, detail }) =>
          audit?.record({ action: 'organization.member.add', actorId: member.userId, targetUserId: member.userId, organizationId: member.organizationId, detail: { role: member.role, via, ...detail }, ipAddress: null, userAgent: null }),
        limitReached: ({ organizationId, userId, via, detail }) =>
          audit?.record({ action: 'organization.member.limit-reached', actorId: userId, targetUserId: userId, organizationId, detail: { via, ...detail }, ipAddress: null, userAgent: null }),
      }),
    );
    bindFactory(c, O.RejectOrganizationInvitation, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new RejectInvitation(stores, clock));
    bindFactory(c, O.CancelOrganizationInvitation, [O.OrganizationStores], (stores) => new CancelInvitation(stores));
    bindFactory(c, O.GetOrganizationInvitation, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new GetInvitation(stores, clock));
    bindFactory(c, O.ListOrganizationInvitations, [O.OrganizationStores], (stores) => new ListInvitations(stores));
    bindFactory(c, O.ListUserOrganizationInvitations, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new ListUserInvitations(stores, clock));

    bindFactory(c, O.CreateOrganizationTeam, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new CreateTeam(stores, clock, rules));
    bindFactory(c, O.UpdateOrganizationTeam, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new UpdateTeam(stores, clock, rules));
    bindFactory(c, O.RemoveOrganizationTeam, [O.OrganizationStores], (stores) => new RemoveTeam(stores, rules));
    bindFactory(c, O.ListOrganizationTeams, [O.OrganizationStores], (stores) => new ListTeams(stores, rules));

    bindFactory(c, O.CreateOrganizationRole, [O.OrganizationStores, PLATFORM.Clock], (stores, clock) => new CreateRole(stores, clock));
    bindFactory(c, O.ListOrganizationRoles, [O.OrganizationStores], (stores) => new ListRoles(stores));
    bindFactory(c, O.GetOrganizationRole, [O.OrganizationStores], (stores) => new GetRole(stores));
    bindFactory(c, O.UpdateOrganizationRole, [O.OrganizationStores], (stores) => new UpdateRole(stores));
    bindFactory(c, O.DeleteOrganizationRole, [O.OrganizationStores], (stores) => new DeleteRole(stores));
  },
  endpoints: [
    createOrganization,
    checkOrganizationSlug,
    listOrganizations,
    updateOrganization,
    deleteOrganization,
    setActiveOrganization,
    getFullOrganization,
    listMembers,
    getActiveMember,
    updateMemberRole,
    removeMember,
    leaveOrganization,
    hasOrganizationPermission,
    inviteMember,
    acceptInvitation,
    rejectInvitation,
    cancelInvitation,
    getInvitation,
    listInvitations,
    listUserInvitations,
    createTeam,
    updateTeam,
    removeTeam,
    listTeams,
    createRole,
    listRoles,
    getRole,
    updateRole,
    deleteRole,
  ],
  errors: [ORGANIZATION_ERRORS, REJECT_INVITATION_ERRORS, ROLE_ERRORS, TWO_FACTOR_POLICY_ERRORS],
  auditActions: {
    'organization.create': 'Organization created',
    'organization.update': 'Organization updated',
    'organization.delete': 'Organization deleted',
    'organization.member.add': 'Member added',
    'organization.member.limit-reached': 'Not added: the organization is full',
    'organization.member.remove': 'Member removed',
    'organization.member.role.change': 'Member role changed',
    'organization.member.leave': 'Left an organization',
    'organization.invitation.create': 'Invitation sent',
    'organization.invitation.accept': 'Invitation accepted',
    'organization.invitation.reject': 'Invitation declined',
    'organization.invitation.cancel': 'Invitation cancelled',
    'organization.role.create': 'Role created',
    'organization.role.update': 'Role changed',
    'organization.role.delete': 'Role deleted',
  },
  sessionWrites: organizationSessionWrites,
  events: ORGANIZATION_EVENT_TYPES,
  eventWrites: (c, events) => c.onActivation(O.OrganizationStores, (_, stores) => eventRecordingStores(stores, events)),
  authorizers: (c) => ({ organization: c.get(O.OrganizationAuthorizer) }),
};
