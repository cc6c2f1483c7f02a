import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, Notice, SubmitButton, useCheckedForm, useResetAfter } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { newEmailForm } from '../lib/form-schemas';
import { parseForm, text } from '../lib/forms';
import { accountUserLoader } from '../lib/account.server';
import { gateway, webOrigin } from '../lib/gateway.server';
import { call } from '../lib/call.server';
import { isPlaceholderEmail } from '../lib/placeholder-email.server';

export const meta: MetaFunction = () => [{ title: 'Email · Tend' }];

export const loader = accountUserLoader;

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  const { user } = await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const origin = webOrigin(args.request);

  if (intent === 'resend') {
    const result = await call(api, routes.sendVerificationEmail, { email: user.email, callbackURL: `${origin}/verify-email/result` });
    if (!result.ok) return data<ActionResult>({ intent, errors: describeError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
    return data<ActionResult>({ intent, done: 'verification-sent', detail: user.email }, { headers: api.headers });
  }

  const parsed = parseForm(newEmailForm, form);
  if (!parsed.ok) return data<ActionResult>({ intent: 'change', errors: parsed.errors, values: parsed.values }, { status: 400, headers: api.headers });
  const { newEmail } = parsed.values;
  const result = await call(api, routes.changeEmail, { newEmail, callbackURL: `${origin}/verify-email/changed` });
  if (!result.ok) {
    const errors = describeError(result.error, { email: 'newEmail', newEmail: 'newEmail' });
    return data<ActionResult>({ intent: 'change', errors, values: { newEmail } }, { status: failureStatus(result.status), headers: api.headers });
  }
  // A placeholder is replaced once the new address opens its link; a verified address must
  // approve the move; an unverified one is swapped at once.
  if (isPlaceholderEmail(user.email)) return data<ActionResult>({ intent: 'change', done: 'confirmation-sent', detail: newEmail }, { headers: api.headers });
  return user.emailVerified
    ? data<ActionResult>({ intent: 'change', done: 'approval-sent', detail: user.email }, { headers: api.headers })
    : data<ActionResult>({ intent: 'change', done: 'changed', detail: newEmail }, { headers: api.headers });
}

export default function EmailSettings() {
  const { user } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const change = useCheckedForm(newEmailForm, result?.intent === 'change' ? result.errors : undefined);
  const changeErrors = change.errors;
  const resendErrors = result?.intent === 'resend' ? result.errors : undefined;
  const changeForm = useResetAfter(result?.intent === 'change' ? result : undefined);
  const adding = user.emailIsPlaceholder;
  return (
    <section className="card" aria-labelledby="email-title">
      <div className="card__header">
        <h2 id="email-title">Email</h2>
        <p className="muted">Where we send sign-in links and account notices.</p>
      </div>
      {result?.done === 'approval-sent' ? (
        <Notice title="Almost there">
          We've sent a link to <strong>{result.detail}</strong>. Open it to approve the change; your email stays the same until then.
        </Notice>
      ) : null}
      {result?.done === 'confirmation-sent' ? (
        <Notice title="Check your inbox">
          We've sent a link to <strong>{result.detail}</strong>. Open it in this browser, signed in, to add the address to your account.
        </Notice>
      ) : null}
      {result?.done === 'changed' ? (
        <Notice title="Email changed">
          Your email is now <strong>{result.detail}</strong>. We've sent a link there to verify it.
        </Notice>
      ) : null}
      {result?.done === 'verification-sent' ? (
        <Notice>
          We've sent a new verification link to <strong>{result.detail}</strong>.
        </Notice>
      ) : null}
      <dl className="facts">
        <dt>Current email</dt>
        {adding ? (
          <dd>None yet: the service you signed in with doesn't share one.</dd>
        ) : (
          <dd>
            {user.email}{' '}
            {user.emailVerified ? <span className="badge badge--ok">Verified</span> : <span className="badge badge--wait">Not verified yet</span>}
          </dd>
        )}
      </dl>
      {!user.emailVerified && !adding ? (
        <Form method="post" className="form">
          <FormAlert errors={resendErrors} />
          <div>
            <SubmitButton intent="resend" pendingText="Sending…" variant="secondary">
              Send a new verification link
            </SubmitButton>
          </div>
        </Form>
      ) : null}
      <hr className="divider" />
      <h3>{adding ? 'Add your email address' : 'Change your email'}</h3>
      <p className="muted small">
        {adding
          ? "We'll send a link to it. The address is added, verified, once you open that link."
          : user.emailVerified
            ? "For your safety we'll first ask you to approve the change from your current address."
            : "Since this address isn't verified yet, the change happens right away."}
      </p>
      <Form method="post" {...change.props} className="form" ref={changeForm}>
        <FormAlert errors={changeErrors}>
          <FreshSignInLink errors={changeErrors} back="/account/email" />
        </FormAlert>
        <Field label="New email" name="newEmail" type="email" inputMode="email" autoComplete="email" defaultValue={result?.intent === 'change' ? result.values?.newEmail : undefined} error={changeErrors?.fields.newEmail} />
        <div>
          <SubmitButton intent="change" pendingText={adding ? 'Sending…' : 'Saving…'}>
            {adding ? 'Add your email address' : 'Change email'}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
