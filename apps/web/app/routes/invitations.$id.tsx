// Where the invitation mail's link lands. Only its recipient, signed in, may see it: a visitor who
// is signed out is offered sign-in (which brings them back here through `redirectTo`) or sign-up.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { FormAlert, LocalTime, SubmitButton } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { aRole, roleLabel } from '../components/organizations/model';
import { failureStatus, type ActionResult } from '../lib/actions';
import { currentSession, expireCookies, requireSession } from '../lib/auth.server';
import { text } from '../lib/forms';
import { formatLocal, formatUtc } from '../lib/format';
import { gateway } from '../lib/gateway.server';
import { describeOrganizationError, organizationErrorMessage } from '../lib/organizations.server';
import { call } from '../lib/call.server';
import organizationsStyles from '../styles/organizations.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(organizationsStyles);

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.invitation ? `Join ${loaded.invitation.organizationName} · Tend` : 'Invitation · Tend' },
];

export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? '';
  const back = `/invitations/${encodeURIComponent(id)}`;
  const api = gateway(args);
  const current = await currentSession(api);
  const signIn = `/sign-in?redirectTo=${encodeURIComponent(back)}`;
  const signUp = `/sign-up?redirectTo=${encodeURIComponent(back)}`;
  if (!current) return data({ signedIn: false as const, back, signIn, signUp, invitation: null, problem: null, code: null, email: null }, { headers: api.headers });

  const result = await call(api, routes.getInvitation, { id: id });
  if (!result.ok) {
    const problem = { signedIn: true as const, back, signIn, signUp, invitation: null, problem: organizationErrorMessage(result.error), code: result.error.code };
    return data({ ...problem, email: current.user.email }, { status: failureStatus(result.status), headers: api.headers });
  }
  const i = result.data;
  const invitation = {
    organizationName: i.organizationName,
    inviterEmail: i.inviterEmail,
    role: aRole(i.role),
    roleName: roleLabel(i.role),
    email: i.email,
    expiresAt: i.expiresAt,
    expiresUtc: formatUtc(i.expiresAt),
  };
  return data({ signedIn: true as const, back, signIn, signUp, invitation, problem: null, code: null, email: current.user.email }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const id = args.params.id ?? '';
  const back = `/invitations/${encodeURIComponent(id)}`;
  const api = gateway(args);
  const intent = text(await args.request.formData(), 'intent');

  // Signed in as someone else: sign out here, then sign in as the recipient and come back.
  if (intent === 'switch-account') {
    await call(api, routes.signOut);
    throw redirect(`/sign-in?redirectTo=${encodeURIComponent(back)}`, { headers: expireCookies(api) });
  }

  await requireSession(api, args.request);
  if (intent === 'accept') {
    const result = await call(api, routes.acceptInvitation, { invitationId: id });
    if (result.ok) {
      const organizationId = result.data.invitation?.organizationId ?? result.data.member?.organizationId;
      throw redirect(organizationId ? `/organizations/${encodeURIComponent(organizationId)}/members?notice=joined` : '/organizations', { headers: api.headers });
    }
    const errors = describeOrganizationError(result.error);
    if (result.error.code === 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION') errors.form = "You're already a member of this organization.";
    return data<ActionResult>({ errors }, { status: failureStatus(result.status), headers: api.headers });
  }
  const result = await call(api, routes.rejectInvitation, { invitationId: id });
  if (result.ok) throw redirect('/organizations?notice=declined', { headers: api.headers });
  return data<ActionResult>({ errors: describeOrganizationError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
}

export default function InvitationPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;

  if (!loaded.signedIn) {
    return (
      <section className="card card--narrow" aria-labelledby="invitation-title">
        <div className="card__header">
          <h1 id="invitation-title">You've been invited</h1>
          <p className="lead">Someone would like you to join their organization on Tend. Sign in to see the invitation and answer it.</p>
        </div>
        <div className="button-row">
          <Link to={loaded.signIn} className="button button--primary">
            Sign in
          </Link>
          <Link to={loaded.signUp} className="button button--secondary">
            Create an account
          </Link>
        </div>
        <p className="muted small spaced">
          Use the email address the invitation was sent to. New to Tend? After creating your account, open the link in the email
          again, or find the invitation on your Organizations page.
        </p>
      </section>
    );
  }

  if (!loaded.invitation) {
    const otherRecipient = loaded.code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION';
    return (
      <section className="card card--narrow" aria-labelledby="invitation-title">
        <h1 id="invitation-title">We couldn't open this invitation</h1>
        <div role="alert" className="alert alert--error">
          <p>{loaded.problem}</p>
        </div>
        {otherRecipient ? <p className="muted spaced">You're signed in as {loaded.email}.</p> : null}
        <div className="button-row spaced">
          {otherRecipient ? (
            <Form method="post">
              <SubmitButton intent="switch-account" pendingText="Signing out…">
                Sign in with another account
              </SubmitButton>
            </Form>
          ) : null}
          <Link to="/organizations" className="button button--secondary">
            Go to your organizations
          </Link>
        </div>
      </section>
    );
  }

  const { invitation } = loaded;
  return (
    <section className="card card--narrow" aria-labelledby="invitation-title">
      <div className="card__header">
        <p className="eyebrow">Invitation</p>
        <h1 id="invitation-title">Join {invitation.organizationName}</h1>
        <p className="lead">
          <strong>{invitation.inviterEmail}</strong> invited you to join <strong>{invitation.organizationName}</strong> as {invitation.role}.
        </p>
      </div>
      <dl className="facts">
        <dt>Role</dt>
        <dd>{invitation.roleName}</dd>
        <dt>Sent to</dt>
        <dd>{invitation.email}</dd>
        <dt>Expires</dt>
        <dd>
          <LocalTime iso={invitation.expiresAt} utc={invitation.expiresUtc} local={formatLocal} />
        </dd>
      </dl>
      <Form method="post" className="form">
        <FormAlert errors={result?.errors}>
          <FreshSignInLink errors={result?.errors} back={loaded.back} />
        </FormAlert>
        <div className="button-row">
          <SubmitButton intent="accept" pendingText="Joining…">
            Accept
          </SubmitButton>
          <SubmitButton intent="decline" pendingText="Declining…" variant="secondary">
            Decline
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
