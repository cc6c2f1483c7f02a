import type { MemoryTables } from '@tend/kernel';
// The entities of identity and sessions declare the shared `tables.users` and `tables.sessions`.
import type {} from '@tend/identity';
import type {} from '@tend/sessions';
import type { Invitation, ListedMember, Member, MemberWithUser, Organization, RuntimeRole, Team } from '../../entities.js';

export interface OrganizationTables {
  organizations: Map<string, Organization>;
  members: Map<string, Member>;
  invitations: Map<string, Invitation>;
  teams: Map<string, Team>;
  roles: Map<string, RuntimeRole>;
}

const registered = new WeakSet<MemoryTables>();

/**
 * The organization tables inside the shared memory tables, with the database's cascades
 * registered once per `tables`: a user takes their memberships and the invitations they sent;
 * an organization its members, invitations, teams and runtime roles; a team is cleared from its members and
 * invitations (ON DELETE SET NULL).
 */
export function organizationTables(tables: MemoryTables): OrganizationTables {
  const own: OrganizationTables = {
    organizations: tables.table<Organization>('organizations'),
    members: tables.table<Member>('members'),
    invitations: tables.table<Invitation>('invitations'),
    teams: tables.table<Team>('teams'),
    roles: tables.table<RuntimeRole>('organizationRoles'),
  };
  if (registered.has(tables)) return own;
  registered.add(tables);
  tables.onDelete('users', (userId) => {
    for (const [id, member] of own.members) if (member.userId === userId) own.members.delete(id);
    for (const [id, invitation] of own.invitations) if (invitation.inviterId === userId) own.invitations.delete(id);
  });
  tables.onDelete('organizations', (organizationId) => {
    for (const [id, member] of own.members) if (member.organizationId === organizationId) own.members.delete(id);
    for (const [id, invitation] of own.invitations) if (invitation.organizationId === organizationId) own.invitations.delete(id);
    for (const [id, team] of own.teams) if (team.organizationId === organizationId) tables.deleteRow('teams', id);
    for (const [id, role] of own.roles) if (role.organizationId === organizationId) own.roles.delete(id);
  });
  tables.onDelete('teams', (teamId) => {
    for (const member of own.members.values()) if (member.teamId === teamId) member.teamId = null;
    for (const invitation of own.invitations.values()) if (invitation.teamId === teamId) invitation.teamId = null;
  });
  return own;
}

/** A copy of an organization, so callers never change the stored row. */
export function copyOrganization(organization: Organization): Organization {
  return { ...organization, metadata: organization.metadata === null ? null : structuredClone(organization.metadata) };
}

/** The member joined to its user's public fields; null when the user is gone. */
export function withUser(tables: MemoryTables, member: Member): MemberWithUser | null {
  const user = tables.users.get(member.userId);
  if (!user) return null;
  return { ...member, user: { id: user.id, name: user.name, email: user.email, image: user.image } };
}

/** The member joined to its user's public fields and second factor (listings); null when the user is gone. */
export function listedWithUser(tables: MemoryTables, member: Member): ListedMember | null {
  const joined = withUser(tables, member);
  return joined && { ...joined, user: { ...joined.user, twoFactorEnabled: tables.users.get(member.userId)?.twoFactorEnabled === true } };
}
