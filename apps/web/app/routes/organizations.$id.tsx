// The organization area's frame, like the account pages': the organization's name and facts, Make
// active, and a navigation of its pages (Members, Invitations, Teams, Roles, Single sign-on,
// Settings), each its own route (organizations.$id.*.tsx) with the shared action of
// lib/organization-area.server.ts. A member the two-factor policy shuts out sees what to do instead.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, Outlet, useFetcher, useLoaderData, useLocation } from '@remix-run/react';
import { Notice, SubmitButton } from '../components/forms';
import { SectionNav } from '../components/section-nav';
import { LeaveSection } from '../components/organizations/settings';
import { TwoFactorRequired } from '../components/organizations/two-factor-required';
import type { ActionResult } from '../lib/actions';
import { aRole, hasRole, type Abilities } from '../components/organizations/model';
import type { AreaView } from '../components/organizations/area';
import { gateway } from '../lib/gateway.server';
import { loadArea } from '../lib/organization-area.server';
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

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const loaded = await loadArea(api, args);
  if (!loaded.ok) return data({ organization: null, problem: loaded.problem }, { status: loaded.status, headers: api.headers });
  const { organization, session, myRole, can, blocked } = loaded.area;
  const notice = new URL(args.request.url).searchParams.get('notice') ?? '';
  return data<AreaView>(
    {
      organization: { id: organization.id, name: organization.name, slug: organization.slug, active: organization.id === (session.session.activeOrganizationId ?? null) },
      myRole: aRole(myRole),
      roleString: myRole,
      userId: session.user.id,
      can,
      blocked,
      // The only owner cannot leave (the gateway refuses it): the Settings page says what to do instead.
      soleOwner: hasRole(myRole, 'owner') && organization.members.filter((m) => hasRole(m.role, 'owner')).length === 1,
      notice: notice === 'activated' ? `${organization.name} is now your active organization.` : (notices[notice] ?? null),
      problem: null,
    },
    { headers: api.headers },
  );
}

/** The area's pages, for those allowed to see each. */
function sections(base: string, can: Abilities) {
  return [
    { to: `${base}/members`, label: 'Members', show: true },
    { to: `${base}/invitations`, label: 'Invitations', show: true },
    { to: `${base}/teams`, label: 'Teams', show: true },
    { to: `${base}/roles`, label: 'Roles', show: can.readRoles },
    { to: `${base}/sso`, label: 'Single sign-on', show: can.manageSso },
    { to: `${base}/settings`, label: 'Settings', show: true },
  ].filter((s) => s.show);
}

export default function OrganizationArea() {
  const loaded = useLoaderData<typeof loader>();
  const location = useLocation();
  const leave = useFetcher<ActionResult>();
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
  const { organization, myRole, can, blocked, notice, soleOwner } = loaded;
  const base = `/organizations/${encodeURIComponent(organization.id)}`;
  return (
    <div className="org-page org-area">
      <div className="org-area__intro">
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
          {organization.active || blocked ? null : (
            // Posted to the page it is on, whose action (the area's shared one) answers it.
            <Form method="post" action={location.pathname}>
              <SubmitButton intent="set-active" pendingText="Switching…" variant="secondary">
                Make active
              </SubmitButton>
            </Form>
          )}
        </div>
        {notice ? <Notice>{notice}</Notice> : null}
      </div>
      {blocked ? (
        <div className="org-area__content org-area__content--full">
          <TwoFactorRequired organizationName={organization.name} />
          {/* Leaving stays open to a member the policy shuts out: posted to this page's route, whose action (the area's) answers. */}
          <LeaveSection organizationName={organization.name} soleOwner={soleOwner} back={location.pathname} via={leave} action={location.pathname} />
        </div>
      ) : (
        <>
          <SectionNav label="Organization" sections={sections(base, can)} />
          <div className="org-area__content">
            <Outlet />
          </div>
        </>
      )}
    </div>
  );
}
