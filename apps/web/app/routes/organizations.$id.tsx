import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { FormAlert, Notice, SubmitButton } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { InviteSection, PendingInvitationsSection } from '../components/organizations/invitations';
import { MembersSection } from '../components/organizations/members';
import { abilitiesOf, aRole, hasRole, roleLabel, type MemberView, type Section, type TeamView } from '../components/organizations/model';
import { DeleteSection, LeaveSection, SettingsSection } from '../components/organizations/settings';
import { TeamsSection } from '../components/organizations/teams';
import { SsoSection } from '../components/sso/sso-section';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { formatUtc } from '../lib/format';
import { gateway, webOrigin } from '../lib/gateway.server';
import { isSsoIntent, organizationSsoProviders, runSsoIntent } from '../lib/sso.server';
import { text } from '../lib/forms';
import { describeOrganizationError, isPending, organizationErrorMessage, type FullOrganization } from '../lib/organizations.server';
import type { GatewayClient, GatewayError } from '../lib/gateway.server';
import { call } from '../lib/call.server';
import organizationsStyles from '../styles/organizations.css?url';
import ssoStyles from '../styles/sso.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(organizationsStyles, ssoStyles);

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded && 'organization' in loaded && loaded.organization ? `${loaded.organization.name} · Tend` : 'Organization · Tend' },
];

const notices: Record<string, string> = {
  created: "Your organization is ready. You're its owner, and it's now your active organization.",
  joined: "Welcome! You've joined the organization.",
};

/** What the page shows of an organization, for the person looking at it. */
function view(organization: FullOrganization, userId: string, activeId: string | null) {
  const me = organization.members.find((m) => m.userId === userId);
  const myRole = me?.role ?? '';
  const can = abilitiesOf(myRole);
  const members: MemberView[] = organization.members.map((m) => ({
    id: m.id,
    name: m.user.name,
    email: m.user.email,
    role: m.role,
    roleLabel: roleLabel(m.role),
    isMe: m.userId === userId,
    manageable: can.manageMembers && m.userId !== userId && (can.manageOwners || !hasRole(m.role, 'owner')),
  }));
  const teams: TeamView[] = organization.teams.map((t) => {
    const keepReason = me?.teamId === t.id ? "Your own team can't be removed." : organization.teams.length === 1 ? 'An organization keeps at least one team.' : null;
    return { id: t.id, name: t.name, removable: keepReason === null, keepReason };
  });
  return {
    organization: { id: organization.id, name: organization.name, slug: organization.slug, active: organization.id === activeId },
    myRole: aRole(myRole),
    can,
    // The only owner cannot leave (the gateway refuses it): the page says what to do instead.
    soleOwner: hasRole(myRole, 'owner') && organization.members.filter((m) => hasRole(m.role, 'owner')).length === 1,
    members,
    invitations: organization.invitations
      .filter((i) => isPending(i))
      .map((i) => ({ id: i.id, email: i.email, roleLabel: roleLabel(i.role), expiresAt: i.expiresAt, expiresUtc: formatUtc(i.expiresAt) })),
    teams,
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { session, user } = await requireSession(api, args.request);
  const id = args.params.id ?? '';
  const result = await call(api, routes.getFullOrganization, { organizationId: id });
  if (!result.ok || !result.data) {
    const message = result.ok ? "We couldn't find that organization." : organizationErrorMessage(result.error);
    return data({ organization: null, problem: message }, { status: result.ok ? 404 : failureStatus(result.status), headers: api.headers });
  }
  const notice = notices[new URL(args.request.url).searchParams.get('notice') ?? ''] ?? null;
  const shown = view(result.data, user.id, session.activeOrganizationId ?? null);
  const sso = shown.can.updateOrganization ? await organizationSsoProviders(api, id) : [];
  return data({ ...shown, sso, problem: null, notice }, { headers: api.headers });
}

type Outcome = { redirectTo: string } | { result: ActionResult; status?: number };

const invalid = (intent: Section, field: string, message: string, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: { fields: { [field]: message }, form: 'Please check the highlighted fields.' }, values },
  status: 400,
});

const refused = (intent: Section, error: GatewayError, fields: Record<string, string> = {}, values?: ActionResult['values']): Outcome => ({
  result: { intent, errors: describeOrganizationError(error, fields), values },
  status: failureStatus(error.status),
});

/** Each button of the page names its intent (`remove-member:<id>` for one row); one call per intent. */
async function run(api: GatewayClient, organizationId: string, form: FormData): Promise<Outcome> {
  const intent = text(form, 'intent').split(':')[0];
  const done = (section: Section, what: string, detail?: string): Outcome => ({ result: { intent: section, done: what, detail } });
  switch (intent) {
    case 'set-active': {
      const r = await call(api, routes.setActiveOrganization, { organizationId });
      return r.ok ? done('header', 'activated') : refused('header', r.error);
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
    default:
      return { result: { intent: 'header', errors: { fields: {}, form: 'Something went wrong. Please try again.' } }, status: 400 };
  }
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '').split(':')[0] ?? '';
  const outcome = isSsoIntent(intent) ? await runSsoIntent(api, args.params.id ?? '', form, webOrigin(args.request)) : await run(api, args.params.id ?? '', form);
  if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: api.headers });
  return data<ActionResult>(outcome.result, { status: outcome.status ?? 200, headers: api.headers });
}

export default function OrganizationPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  if (!loaded.organization) {
    return (
      <section className="card card--narrow" aria-labelledby="missing-title">
        <h1 id="missing-title">We couldn't open this organization</h1>
        <div role="alert" className="alert alert--error">
          <p>{loaded.problem}</p>
        </div>
        <p className="spaced">
          <Link to="/organizations" className="button button--secondary">
            Back to your organizations
          </Link>
        </p>
      </section>
    );
  }
  const { organization, myRole, can, soleOwner, members, invitations, teams, sso, notice } = loaded;
  const back = `/organizations/${organization.id}`;
  const answered = (section: Section) => (result?.intent === section ? result : undefined);
  const header = answered('header');
  return (
    <div className="org-page">
      <p className="org-page__back">
        <Link to="/organizations">← All organizations</Link>
      </p>
      <div className="org-page__intro org-heading">
        <div>
          <h1>{organization.name}</h1>
          <p className="muted org-heading__facts">
            <span className="org-slug">{organization.slug}</span>
            <span>You're {myRole}</span>
            {organization.active ? <span className="badge badge--current">Active</span> : null}
          </p>
        </div>
        {organization.active ? null : (
          <Form method="post">
            <SubmitButton intent="set-active" pendingText="Switching…" variant="secondary">
              Make active
            </SubmitButton>
          </Form>
        )}
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {header?.done === 'activated' ? <Notice>{organization.name} is now your active organization.</Notice> : null}
      {header?.errors ? (
        <FormAlert errors={header.errors}>
          <FreshSignInLink errors={header.errors} back={back} />
        </FormAlert>
      ) : null}

      <MembersSection members={members} can={can} result={answered('members')} back={back} />
      {can.invite ? <InviteSection allowOwner={can.manageOwners} result={answered('invite')} back={back} /> : null}
      <PendingInvitationsSection invitations={invitations} canCancel={can.cancelInvitations} result={answered('invitations')} back={back} />
      <TeamsSection teams={teams} canManage={can.manageTeams} result={answered('teams')} createResult={answered('create-team')} back={back} />
      {can.updateOrganization ? <SsoSection providers={sso} result={result?.intent?.startsWith('sso') ? result : undefined} back={back} /> : null}
      {can.updateOrganization ? <SettingsSection organization={organization} result={answered('settings')} back={back} /> : null}
      <LeaveSection organizationName={organization.name} soleOwner={soleOwner} result={answered('leave')} back={back} />
      {can.deleteOrganization ? <DeleteSection organizationName={organization.name} result={answered('delete')} back={back} /> : null}
    </div>
  );
}
