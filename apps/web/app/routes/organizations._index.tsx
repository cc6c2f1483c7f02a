import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { FormAlert, LocalTime, Notice, SubmitButton } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { SlugFields } from '../components/organizations/fields';
import { roleLabel, slugify } from '../components/organizations/model';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { text } from '../lib/forms';
import { formatLocal, formatUtc } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import { describeOrganizationError, isPending, organizationErrorMessage } from '../lib/organizations.server';
import { call } from '../lib/call.server';
import organizationsStyles from '../styles/organizations.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(organizationsStyles);

export const meta: MetaFunction = () => [{ title: 'Organizations · Tend' }];

const notices: Record<string, string> = {
  deleted: 'The organization has been deleted.',
  left: "You've left the organization.",
  declined: "You've declined the invitation.",
};

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  const { session } = await requireSession(api, args.request);
  const [list, invitations] = await Promise.all([call(api, routes.listOrganizations), call(api, routes.listUserInvitations)]);
  const activeId = session.activeOrganizationId ?? null;
  return data(
    {
      organizations: list.ok ? list.data.map((o) => ({ id: o.id, name: o.name, slug: o.slug, active: o.id === activeId })) : [],
      invitations: invitations.ok
        ? invitations.data.filter((i) => isPending(i)).map((i) => ({
            id: i.id,
            organizationName: i.organizationName,
            role: roleLabel(i.role),
            expiresAt: i.expiresAt,
            expiresUtc: formatUtc(i.expiresAt),
          }))
        : [],
      error: list.ok ? null : organizationErrorMessage(list.error),
      notice: notices[new URL(args.request.url).searchParams.get('notice') ?? ''] ?? null,
    },
    { headers: api.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');

  if (intent.startsWith('set-active:')) {
    const organizationId = text(form, 'organizationId');
    const result = await call(api, routes.setActiveOrganization, { organizationId });
    if (!result.ok) {
      return data<ActionResult>({ intent: 'set-active', errors: describeOrganizationError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
    }
    return data<ActionResult>({ intent: 'set-active', done: 'activated', detail: text(form, 'organizationName') }, { headers: api.headers });
  }

  const name = text(form, 'name');
  const slug = text(form, 'slug') || slugify(name);
  const values = { name, slug: text(form, 'slug') };
  if (!name) {
    const errors = { fields: { name: 'Please give the organization a name.' }, form: 'Please check the highlighted fields.' };
    return data<ActionResult>({ intent: 'create', errors, values }, { status: 400, headers: api.headers });
  }
  if (!slug) {
    const errors = { fields: { slug: 'Please choose a slug, with letters or numbers.' }, form: 'Please check the highlighted fields.' };
    return data<ActionResult>({ intent: 'create', errors, values }, { status: 400, headers: api.headers });
  }
  const result = await call(api, routes.createOrganization, { name, slug });
  if (!result.ok) {
    const errors = describeOrganizationError(result.error, { name: 'name', slug: 'slug' });
    return data<ActionResult>({ intent: 'create', errors, values: { name, slug } }, { status: failureStatus(result.status), headers: api.headers });
  }
  throw redirect(`/organizations/${encodeURIComponent(result.data.id)}/members?notice=created`, { headers: api.headers });
}

export default function Organizations() {
  const { organizations: list, invitations, error, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const createErrors = result?.intent === 'create' ? result.errors : undefined;
  return (
    <div className="org-page">
      <div className="org-page__intro">
        <h1>Organizations</h1>
        <p className="lead">The groups you share Tend with. Each has its own members, teams and invitations.</p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}

      {invitations.length > 0 ? (
        <section className="card" aria-labelledby="invitations-title">
          <div className="card__header">
            <h2 id="invitations-title">Invitations for you</h2>
            <p className="muted">Open one to accept or decline it.</p>
          </div>
          <ul className="org-list" aria-labelledby="invitations-title">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="org-item">
                <div>
                  <h3>{invitation.organizationName}</h3>
                  <p className="muted small">
                    As {invitation.role} · expires <LocalTime iso={invitation.expiresAt} utc={invitation.expiresUtc} local={formatLocal} />
                  </p>
                </div>
                <Link to={`/invitations/${encodeURIComponent(invitation.id)}`} className="button button--primary button--small">
                  View invitation<span className="visually-hidden"> to {invitation.organizationName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="yours-title">
        <div className="card__header">
          <h2 id="yours-title">Your organizations</h2>
          <p className="muted">Your active organization is the one Tend uses when you don't choose another.</p>
        </div>
        {result?.done === 'activated' ? <Notice>{result.detail ? `${result.detail} is now your active organization.` : 'Your active organization is changed.'}</Notice> : null}
        {result?.intent === 'set-active' ? (
          <FormAlert errors={result.errors}>
            <FreshSignInLink errors={result.errors} back="/organizations" />
          </FormAlert>
        ) : null}
        {error ? (
          <div role="alert" className="alert alert--error">
            <p>{error}</p>
          </div>
        ) : null}
        {list.length === 0 && !error ? <p className="muted">You're not in any organization yet. Create one below, or accept an invitation.</p> : null}
        {list.length > 0 ? (
          <ul className="org-list" aria-labelledby="yours-title">
            {list.map((organization) => (
              <li key={organization.id} className={organization.active ? 'org-item org-item--active' : 'org-item'}>
                <div>
                  <h3>
                    <Link to={`/organizations/${encodeURIComponent(organization.id)}`}>{organization.name}</Link>
                    {organization.active ? <span className="badge badge--current">Active</span> : null}
                  </h3>
                  <p className="muted small org-slug">{organization.slug}</p>
                </div>
                {organization.active ? null : (
                  <Form method="post">
                    <input type="hidden" name="organizationId" value={organization.id} />
                    <input type="hidden" name="organizationName" value={organization.name} />
                    <SubmitButton intent={`set-active:${organization.id}`} pendingText="Switching…" variant="secondary">
                      <span>
                        Make active<span className="visually-hidden"> {organization.name}</span>
                      </span>
                    </SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="card" aria-labelledby="create-title">
        <div className="card__header">
          <h2 id="create-title">Create an organization</h2>
          <p className="muted">You'll be its owner, and can invite people once it exists.</p>
        </div>
        <Form method="post" noValidate className="form">
          <FormAlert errors={createErrors}>
            <FreshSignInLink errors={createErrors} back="/organizations" />
          </FormAlert>
          <SlugFields
            key={JSON.stringify(result?.values ?? null)}
            idPrefix="create"
            suggest
            defaultName={result?.intent === 'create' ? result.values?.name : undefined}
            defaultSlug={result?.intent === 'create' ? result.values?.slug : undefined}
            errors={createErrors?.fields}
          />
          <div>
            <SubmitButton intent="create" pendingText="Creating…">
              Create organization
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}
