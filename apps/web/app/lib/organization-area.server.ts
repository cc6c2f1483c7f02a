// The organization area (routes/organizations.$id*.tsx): what every page of it loads (the
// organization, the viewer's role and what it lets them do, whether the two-factor policy shuts
// them out) and the one action all its pages share, dispatched by the form's `intent`. The
// gateway checks every call; abilities only decide which forms a page shows.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { routes } from '@tend/contracts';
import { aRole, abilitiesFrom, abilitiesOf, abilitiesWith, hasRole, isBuiltIn, parseRoles, STATEMENTS, type Abilities, type Resource, type Section } from '../components/organizations/model';
import { failureStatus, type ActionResult } from './actions';
import { requireSession, type SessionAndUser } from './auth.server';
import { call, callShared } from './call.server';
import { text } from './forms';
import { gateway, webOrigin, type GatewayClient, type GatewayError } from './gateway.server';
import { describeOrganizationError, organizationErrorMessage, type FullOrganization, type ListedMember } from './organizations.server';
import { isSsoIntent, runSsoIntent } from './sso.server';

/** The code and words of the two-factor policy's refusal (the gateway's). */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';

/** Whether a gateway answer is the two-factor policy's refusal. */
export function isTwoFactorRefusal(error: { code: string } | undefined): boolean {
  return error?.code === TWO_FACTOR_REQUIRED;
}

/** The policy flag of an organization reply. */
export function requiresTwoFactor(organization: { requireTwoFactor: boolean }): boolean {
  return organization.requireTwoFactor === true;
}

/** A member's second factor as list-members answers it to owners and admins (undefined otherwise). */
export function twoFactorOf(member: ListedMember): boolean | undefined {
  return member.user.twoFactorEnabled;
}

export interface Area {
  organizationId: string;
  organization: FullOrganization;
  session: SessionAndUser;
  myRole: string;
  can: Abilities;
  /** The organization requires a second factor and the viewer has none: its pages are shut to them. */
  blocked: boolean;
}

export type AreaLoad = { ok: true; area: Area } | { ok: false; status: number; problem: string };

/** Which permission each ability of a runtime role is asked of the gateway with. */
const ASKED: [Resource, string][] = [
  ['organization', 'update'],
  ['organization', 'delete'],
  ['member', 'update'],
  ['member', 'delete'],
  ['invitation', 'create'],
  ['invitation', 'cancel'],
  ['team', 'update'],
  ['ac', 'read'],
  ['ac', 'create'],
  ['ac', 'update'],
  ['ac', 'delete'],
];

/**
 * What the viewer may do: the built-in table for owner, admin and member; for a runtime role, its
 * permissions as get-role answers them (one call per runtime role), or, when the viewer may not
 * read roles, the gateway's has-permission asked once per ability.
 */
async function abilities(api: GatewayClient, organizationId: string, role: string): Promise<Abilities> {
  if (!role) return abilitiesOf('');
  if (isBuiltIn(role)) return abilitiesOf(role);
  const runtime = parseRoles(role).filter((name) => !isBuiltIn(name));
  const read = await Promise.all(runtime.map((roleName) => call(api, routes.getRole, { organizationId, roleName })));
  const permissions = read.flatMap((r, i) => (r.ok ? [[runtime[i]!, r.data.permission] as const] : []));
  if (permissions.length === runtime.length) return abilitiesWith(role, Object.fromEntries(permissions));
  const answers = await Promise.all(
    ASKED.map(async ([resource, action]) => {
      const r = await call(api, routes.hasOrganizationPermission, { organizationId, permissions: { [resource]: [action] } });
      return [`${resource}:${action}`, r.ok && r.data.success] as const;
    }),
  );
  const granted = new Set(answers.filter(([, ok]) => ok).map(([key]) => key));
  return abilitiesFrom(role, (resource, action) => granted.has(`${resource}:${action}`));
}

/** The viewer's membership: in the full organization's members, else asked by user id. */
async function myRoleIn(api: GatewayClient, organization: FullOrganization, userId: string): Promise<string> {
  const listed = organization.members.find((m) => m.userId === userId);
  if (listed) return listed.role;
  const r = await call(api, routes.listMembers, { organizationId: organization.id, filterField: 'userId', filterValue: userId, limit: 1 });
  return r.ok ? (r.data.members[0]?.role ?? '') : '';
}

/**
 * The organization of the URL for the signed-in viewer. Every loader of the area asks: the
 * session and the organization are fetched once per request (callShared).
 */
export async function loadArea(api: GatewayClient, args: LoaderFunctionArgs | ActionFunctionArgs): Promise<AreaLoad> {
  const session = await requireSession(api, args.request);
  const organizationId = args.params.id ?? '';
  const result = await callShared(api, routes.getFullOrganization, { organizationId });
  if (!result.ok) return { ok: false, status: failureStatus(result.status), problem: organizationErrorMessage(result.error) };
  if (!result.data) return { ok: false, status: 404, problem: "We couldn't find that organization." };
  const organization = result.data;
  const myRole = await myRoleIn(api, organization, session.user.id);
  const can = await abilities(api, organizationId, myRole);
  const twoFactorOn = session.user.twoFactorEnabled === true;
  return { ok: true, area: { organizationId, organization, session, myRole, can, blocked: requiresTwoFactor(organization) && !twoFactorOn } };
}

/** The organization's runtime roles (empty when the viewer may not read them). */
export async function runtimeRoles(api: GatewayClient, organizationId: string) {
  const r = await call(api, routes.listRoles, { organizationId });
  return r.ok ? r.data : [];
}

// ------------------------------------------------------------------ the shared action

type Outcome = { redirectTo: string } | { result: ActionResult; status?: number };

const invalid = (intent: Section, field: string, message: string, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: { fields: { [field]: message }, form: 'Please check the highlighted fields.' }, values },
  status: 400,
});

const refused = (intent: string, error: GatewayError, fields: Record<string, string> = {}, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: describeOrganizationError(error, fields), values },
  status: failureStatus(error.status),
});

/** The permission the Create role and Edit forms send: one `permission` checkbox per `resource:action`. */
export function permissionOf(form: FormData): Record<string, string[]> {
  const permission: Record<string, string[]> = {};
  for (const value of form.getAll('permission')) {
    const [resource = '', action = ''] = String(value).split(':');
    const actions = (STATEMENTS as Record<string, readonly string[]>)[resource];
    if (!actions?.includes(action)) continue;
    (permission[resource] ??= []).push(action);
  }
  return permission;
}

/** The refusal of deleting a role members still hold, in words that say what to do. */
function roleRefusal(intent: string, error: GatewayError, roleName: string): Outcome {
  if (error.code === 'ROLE_IS_ASSIGNED_TO_MEMBERS') {
    return {
      result: { intent, errors: { form: `Members still have the role ${roleName}, so it can't be deleted. Give them another role on the Members page first, then delete it.`, fields: {}, code: error.code } },
      status: failureStatus(error.status),
    };
  }
  if (error.code === 'ROLE_NOT_FOUND') {
    return { result: { intent, errors: { form: `We couldn't find the role ${roleName}. It may have been deleted or renamed.`, fields: {}, code: error.code } }, status: failureStatus(error.status) };
  }
  return refused(intent, error, { name: 'roleName' });
}

/** Each button of the area names its intent (`remove-member:<id>` for one row); one call per intent. */
async function run(api: GatewayClient, args: ActionFunctionArgs, organizationId: string, form: FormData): Promise<Outcome> {
  const [intent = '', target = ''] = text(form, 'intent').split(':');
  const done = (section: string, what: string, detail?: string, values?: ActionResult['values']): Outcome => ({ result: { intent: section, done: what, detail, values } });
  const here = new URL(args.request.url).pathname;
  switch (intent) {
    case 'set-active': {
      const r = await call(api, routes.setActiveOrganization, { organizationId });
      return r.ok ? { redirectTo: `${here}?notice=activated` } : refused('header', r.error);
    }
    case 'save-role': {
      const [memberId, role, name] = [text(form, 'memberId'), text(form, 'role'), text(form, 'memberName')];
      const r = await call(api, routes.updateMemberRole, { memberId, role, organizationId });
      return r.ok ? done('members', 'role-saved', `${name || 'This member'} is now ${aRole(role)}.`) : refused('members', r.error);
    }
    case 'remove-member': {
      const r = await call(api, routes.removeMember, { memberIdOrEmail: text(form, 'memberId'), organizationId });
      return r.ok ? done('members', 'member-removed', `${text(form, 'memberName') || 'The member'} is no longer a member.`) : refused('members', r.error);
    }
    case 'leave': {
      const r = await call(api, routes.leaveOrganization, { organizationId });
      return r.ok ? { redirectTo: '/organizations?notice=left' } : refused('leave', r.error);
    }
    case 'invite': {
      const values = { email: text(form, 'email'), role: text(form, 'role') || 'member' };
      if (!values.email) return invalid('invite', 'email', "Please enter the email address of the person you're inviting.", values);
      const r = await call(api, routes.inviteMember, { ...values, organizationId });
      return r.ok ? done('invite', 'invited', `Invitation sent to ${values.email}.`) : refused('invite', r.error, { email: 'email', role: 'role' }, values);
    }
    case 'cancel-invitation': {
      const r = await call(api, routes.cancelInvitation, { invitationId: text(form, 'invitationId') });
      return r.ok ? done('invitations', 'invitation-canceled', `The invitation for ${text(form, 'email') || 'them'} is cancelled.`) : refused('invitations', r.error);
    }
    case 'create-team': {
      const name = text(form, 'teamName');
      if (!name) return invalid('create-team', 'teamName', 'Please give the team a name.', { teamName: name });
      const r = await call(api, routes.createTeam, { name, organizationId });
      return r.ok ? done('create-team', 'team-created', `${name} is created.`) : refused('create-team', r.error, { name: 'teamName' }, { teamName: name });
    }
    case 'rename-team': {
      const name = text(form, 'teamName');
      if (!name) return { result: { intent: 'teams', errors: { fields: {}, form: 'Please give the team a name.' } }, status: 400 };
      const r = await call(api, routes.updateTeam, { teamId: text(form, 'teamId'), data: { name, organizationId } });
      return r.ok ? done('teams', 'team-renamed', `The team is now called ${name}.`) : refused('teams', r.error);
    }
    case 'remove-team': {
      const r = await call(api, routes.removeTeam, { teamId: text(form, 'teamId'), organizationId });
      return r.ok ? done('teams', 'team-removed', `${text(form, 'teamName') || 'The team'} is removed.`) : refused('teams', r.error);
    }
    case 'update': {
      const values = { name: text(form, 'name'), slug: text(form, 'slug') };
      if (!values.name) return invalid('settings', 'name', 'Please give the organization a name.', values);
      if (!values.slug) return invalid('settings', 'slug', 'Please choose a slug, with letters or numbers.', values);
      const r = await call(api, routes.updateOrganization, { organizationId, data: values });
      return r.ok ? done('settings', 'saved') : refused('settings', r.error, { name: 'name', slug: 'slug' }, values);
    }
    case 'require-two-factor': {
      const requireTwoFactor = form.get('requireTwoFactor') !== null;
      const r = await call(api, routes.updateOrganization, { organizationId, data: { requireTwoFactor } });
      if (!r.ok) return refused('two-factor', r.error);
      return done('two-factor', 'two-factor-saved', requireTwoFactor ? 'Two-factor authentication is now required of every member.' : 'Two-factor authentication is no longer required.');
    }
    case 'delete': {
      // Typing the name is a guard against a slip, checked against the organization as it is now.
      const typed = text(form, 'confirmName');
      const current = await call(api, routes.getFullOrganization, { organizationId });
      if (!current.ok) return refused('delete', current.error);
      if (!typed || typed.toLocaleLowerCase() !== current.data?.name.trim().toLocaleLowerCase()) {
        return invalid('delete', 'confirmName', "That isn't the organization's name. Type it exactly to confirm.");
      }
      const r = await call(api, routes.deleteOrganization, { organizationId });
      return r.ok ? { redirectTo: '/organizations?notice=deleted' } : refused('delete', r.error);
    }
    case 'create-role': {
      const name = text(form, 'roleName');
      const permission = permissionOf(form);
      const values = { roleName: name, permission: JSON.stringify(permission) };
      if (!name) return invalid('role-form', 'roleName', 'Please give the role a name.', values);
      if (name.includes(',')) return invalid('role-form', 'roleName', "A role's name can't contain a comma.", values);
      const r = await call(api, routes.createRole, { role: name, permission, organizationId });
      return r.ok ? done('role-form', 'role-created', `The role ${r.data.roleData.role} is created.`) : refused('role-form', r.error, { name: 'roleName' }, values);
    }
    case 'update-role': {
      const name = text(form, 'roleName');
      const previous = text(form, 'previousName');
      const permission = permissionOf(form);
      const values = { roleName: name, permission: JSON.stringify(permission) };
      if (!name) return invalid('role-form', 'roleName', 'Please give the role a name.', values);
      const roleName = name.toLowerCase() === previous.toLowerCase() ? undefined : name;
      const r = await call(api, routes.updateRole, { roleId: target, organizationId, data: { permission, ...(roleName ? { roleName } : {}) } });
      if (!r.ok) {
        const outcome = roleRefusal('role-form', r.error, previous || name);
        if ('result' in outcome) outcome.result.values = values;
        return outcome;
      }
      return { redirectTo: `/organizations/${encodeURIComponent(organizationId)}/roles?saved=${encodeURIComponent(r.data.roleData.role)}` };
    }
    case 'delete-role': {
      const name = text(form, 'roleName');
      const r = await call(api, routes.deleteRole, { roleId: target, organizationId });
      return r.ok ? done('roles', 'role-deleted', `The role ${name} is deleted.`) : roleRefusal('roles', r.error, name);
    }
    case 'scim-token': {
      const r = await call(api, routes.generateScimToken, { providerId: target, organizationId });
      if (!r.ok) return refused(`scim:${target}`, r.error);
      return done(`scim:${target}`, 'scim-token', undefined, { scimToken: r.data.scimToken });
    }
    default:
      return { result: { intent: 'header', errors: { fields: {}, form: 'Something went wrong. Please try again.' } }, status: 400 };
  }
}

/** The action of every page of the area (each route exports it as its own). */
export async function organizationAction(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent').split(':')[0] ?? '';
  const organizationId = args.params.id ?? '';
  const outcome = isSsoIntent(intent) ? await runSsoIntent(api, organizationId, form, webOrigin(args.request)) : await run(api, args, organizationId, form);
  if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: api.headers });
  return data<ActionResult>(outcome.result, { status: outcome.status ?? 200, headers: api.headers });
}

/** Whether a member may be managed by the viewer: not themselves, and an owner only by an owner. */
export function manageableBy(can: Abilities, myUserId: string, member: { userId: string; role: string }): { changeRole: boolean; remove: boolean } {
  const other = member.userId !== myUserId && (can.manageOwners || !hasRole(member.role, 'owner'));
  return { changeRole: other && can.manageMembers, remove: other && can.removeMembers };
}
