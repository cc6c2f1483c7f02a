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

/** What a member may do in their organization, from their role (owner: all; admin: all but delete; member: read the roles). */
export interface Abilities {
  updateOrganization: boolean;
  deleteOrganization: boolean;
  /** Change members' roles (member: update). */
  manageMembers: boolean;
  /** Remove members (member: delete). */
  removeMembers: boolean;
  invite: boolean;
  cancelInvitations: boolean;
  manageTeams: boolean;
  /** Only an owner may make someone an owner, or change or remove an owner. */
  manageOwners: boolean;
  /** The organization's roles (ac: read, create, update, delete). */
  readRoles: boolean;
  createRoles: boolean;
  updateRoles: boolean;
  deleteRoles: boolean;
  /** Single sign-on and SCIM: the gateway allows owners and admins. */
  manageSso: boolean;
  /** Owners and admins see who has no second factor (list-members answers it to them). */
  seeTwoFactor: boolean;
}

/** The resources and actions a role may be granted (the gateway's statements). */
export const STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const satisfies Record<string, readonly string[]>;
export type Resource = keyof typeof STATEMENTS;
export type Permission = Partial<Record<string, string[]>>;

/** What each resource is, in words, for the permission checkboxes. */
export const RESOURCE_LABELS: Record<Resource, string> = {
  organization: 'Organization',
  member: 'Members',
  invitation: 'Invitations',
  team: 'Teams',
  ac: 'Roles',
};

/** The built-in roles' permissions (the gateway's table; shown on the Roles page). */
export const BUILT_IN_PERMISSIONS: Record<Role, Permission> = {
  owner: { organization: ['update', 'delete'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'], team: ['create', 'update', 'delete'], ac: ['create', 'read', 'update', 'delete'] },
  admin: { organization: ['update'], member: ['create', 'update', 'delete'], invitation: ['create', 'cancel'], team: ['create', 'update', 'delete'], ac: ['create', 'read', 'update', 'delete'] },
  member: { ac: ['read'] },
};

/** Whether every role of a role string is built in (owner, admin, member). */
export function isBuiltIn(role: string): boolean {
  const roles = parseRoles(role);
  return roles.length > 0 && roles.every((name) => (ROLES as readonly string[]).includes(name));
}

/** Whether `permission` grants `action` on `resource`. */
export function grants(permission: Permission, resource: string, action: string): boolean {
  return permission[resource]?.includes(action) ?? false;
}

/** The abilities that follow from permissions (and, for what the gateway checks by role, the role). */
export function abilitiesFrom(role: string, allowed: (resource: Resource, action: string) => boolean): Abilities {
  const owner = hasRole(role, 'owner');
  const manager = owner || hasRole(role, 'admin');
  return {
    updateOrganization: allowed('organization', 'update'),
    deleteOrganization: allowed('organization', 'delete'),
    manageMembers: allowed('member', 'update'),
    removeMembers: allowed('member', 'delete'),
    invite: allowed('invitation', 'create'),
    cancelInvitations: allowed('invitation', 'cancel'),
    manageTeams: allowed('team', 'update'),
    manageOwners: owner,
    readRoles: allowed('ac', 'read'),
    createRoles: allowed('ac', 'create'),
    updateRoles: allowed('ac', 'update'),
    deleteRoles: allowed('ac', 'delete'),
    manageSso: manager,
    seeTwoFactor: manager,
  };
}

/** The abilities of a built-in role string (owner: all; admin: all but delete; member: read the roles). */
export function abilitiesOf(role: string): Abilities {
  return abilitiesWith(role, {});
}

/**
 * The abilities of a role string whose runtime roles' permissions are known (`runtime`, by role
 * name; a runtime role missing from it grants nothing): what any of its roles grants, as the
 * gateway answers each permission.
 */
export function abilitiesWith(role: string, runtime: Readonly<Record<string, Permission>>): Abilities {
  const permissions = parseRoles(role).map((name) => ((ROLES as readonly string[]).includes(name) ? BUILT_IN_PERMISSIONS[name as Role] : (runtime[name] ?? {})));
  return abilitiesFrom(role, (resource, action) => permissions.some((permission) => grants(permission, resource, action)));
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
  /** Whether the viewer may change this member's role. */
  manageable: boolean;
  /** Whether the viewer may remove them. */
  removable: boolean;
  /** Whether they have a second factor (shown to owners and admins); null when not known. */
  twoFactor: boolean | null;
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

/** The sections of the organization pages, as their action names which one answered. */
export type Section = 'header' | 'members' | 'leave' | 'invite' | 'invitations' | 'teams' | 'create-team' | 'settings' | 'delete' | 'roles' | 'role-form' | 'two-factor' | 'scim';

/** "an admin", "a member": a role's label in a sentence. */
export function aRole(role: string): string {
  const label = roleLabel(role).toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}
