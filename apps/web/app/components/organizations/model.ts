// What the organization pages need on both sides: slugs, role names, and what each role may do.
// The permissions mirror the gateway's role table only to decide which buttons to show; the
// gateway checks every call itself.

/** The roles a member can have, in the order pages offer them. */
export const ROLES = ['member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** The roles of a role string: `'admin, member'` -> `['admin', 'member']`. */
export function parseRoles(role: string): string[] {
  return [...new Set(role.split(',').map((name) => name.trim()).filter(Boolean))];
}

/** Whether `role` (possibly comma-separated) includes `wanted`. */
export function hasRole(role: string, wanted: Role): boolean {
  return parseRoles(role).includes(wanted);
}

/** "Owner", or "Admin, Member" for a comma-separated role. */
export function roleLabel(role: string): string {
  const names = parseRoles(role).map((name) => ROLE_LABELS[name as Role] ?? name.charAt(0).toUpperCase() + name.slice(1));
  return names.join(', ') || 'Member';
}

/** What a member may do in their organization, from their role (owner: all; admin: all but delete; member: nothing). */
export interface Abilities {
  updateOrganization: boolean;
  deleteOrganization: boolean;
  manageMembers: boolean;
  invite: boolean;
  cancelInvitations: boolean;
  manageTeams: boolean;
  /** Only an owner may make someone an owner, or change or remove an owner. */
  manageOwners: boolean;
}

/** The abilities of a role string. */
export function abilitiesOf(role: string): Abilities {
  const owner = hasRole(role, 'owner');
  const manager = owner || hasRole(role, 'admin');
  return {
    updateOrganization: manager,
    deleteOrganization: owner,
    manageMembers: manager,
    invite: manager,
    cancelInvitations: manager,
    manageTeams: manager,
    manageOwners: owner,
  };
}

/** The longest slug we suggest. */
export const SLUG_MAX = 48;

/** A slug suggested from a name: "Maple Street Café" -> "maple-street-cafe". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** A member as the organization page shows them. */
export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  isMe: boolean;
  /** Whether the viewer may change this member's role or remove them. */
  manageable: boolean;
}

/** A pending invitation as the organization page shows it. */
export interface InvitationView {
  id: string;
  email: string;
  roleLabel: string;
  expiresAt: string;
  expiresUtc: string;
}

/** A team as the organization page shows it. */
export interface TeamView {
  id: string;
  name: string;
  /** False for the viewer's own team and for the organization's last team. */
  removable: boolean;
  /** Why it cannot be removed, when it cannot. */
  keepReason: string | null;
}

/** The sections of the organization page, as its action names which one answered. */
export type Section = 'header' | 'members' | 'leave' | 'invite' | 'invitations' | 'teams' | 'create-team' | 'settings' | 'delete';

/** "an admin", "a member": a role's label in a sentence. */
export function aRole(role: string): string {
  const label = roleLabel(role).toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}
