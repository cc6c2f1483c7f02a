// The organization roles of spec section 6 as data: resource -> actions per role. Every use
// case and POST /organization/has-permission read this one table.

/** Every resource and the actions a role may be granted on it. */
export const ORGANIZATION_STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  /** The organization's runtime roles (create-role and the rest). */
  ac: ['create', 'read', 'update', 'delete'],
} as const;

export type OrganizationResource = keyof typeof ORGANIZATION_STATEMENTS;
export type OrganizationAction<R extends OrganizationResource = OrganizationResource> = (typeof ORGANIZATION_STATEMENTS)[R][number];

/** What a role may do, or what a caller asks for: resource -> actions. */
export type OrganizationPermissions = { readonly [R in OrganizationResource]?: readonly OrganizationAction<R>[] };

/**
 * owner (the creator's role), admin (everything but deleting the organization) and member
 * (reading the organization's runtime roles only).
 */
export const ORGANIZATION_ROLES = {
  owner: {
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
  },
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
  },
  member: {
    ac: ['read'],
  },
} as const satisfies Record<string, OrganizationPermissions>;

export type OrganizationRole = keyof typeof ORGANIZATION_ROLES;

/** The role the creator of an organization gets (spec section 9). */
export const CREATOR_ROLE: OrganizationRole = 'owner';

/** The roles of a role string: `'admin, member'` -> `['admin', 'member']`. */
export function parseRoles(role: string | readonly string[]): string[] {
  const parts = typeof role === 'string' ? role.split(',') : role;
  return [...new Set(parts.map((name) => name.trim()).filter(Boolean))];
}

/** Whether every role of `role` is one of ORGANIZATION_ROLES (and there is at least one). */
export function isKnownRole(role: string | readonly string[]): boolean {
  const roles = parseRoles(role);
  return roles.length > 0 && roles.every((name) => Object.hasOwn(ORGANIZATION_ROLES, name));
}

/** Whether `name` is one of the built-in roles (owner, admin, member). */
export function isBuiltInRole(name: string): name is OrganizationRole {
  return Object.hasOwn(ORGANIZATION_ROLES, name);
}

/** `role` (possibly comma-separated) with the role `from` renamed `to`; unchanged when it does not hold `from`. */
export function renameRole(role: string, from: string, to: string): string {
  const roles = parseRoles(role);
  if (!roles.includes(from)) return role;
  return [...new Set(roles.map((name) => (name === from ? to : name)))].join(',');
}

/** Whether `role` (possibly comma-separated) includes `wanted`. */
export function hasRole(role: string, wanted: string): boolean {
  return parseRoles(role).includes(wanted);
}

/** What a runtime role grants, by its name: the organization's roles a member's role names. */
export type RuntimeGrants = ReadonlyMap<string, Readonly<Record<string, readonly string[]>>>;

/**
 * Whether `role` grants every requested action. A comma-separated role is allowed when any one
 * of its roles grants them all; a built-in role grants what ORGANIZATION_ROLES says, any other
 * what `runtime` (the organization's runtime roles) says; unknown roles, resources or actions
 * grant nothing, and asking for nothing is not a permission.
 */
export function hasOrganizationPermission(role: string, permissions: Readonly<Record<string, readonly string[]>>, runtime: RuntimeGrants = new Map()): boolean {
  const requested = Object.entries(permissions);
  if (requested.length === 0 || requested.some(([, actions]) => actions.length === 0)) return false;
  return parseRoles(role).some((name) => {
    const granted: Readonly<Record<string, readonly string[]>> | undefined = isBuiltInRole(name) ? ORGANIZATION_ROLES[name] : runtime.get(name);
    if (!granted) return false;
    return requested.every(([resource, actions]) => {
      const allowed = Object.hasOwn(granted, resource) ? granted[resource] : undefined;
      return allowed !== undefined && actions.every((action) => allowed.includes(action));
    });
  });
}
