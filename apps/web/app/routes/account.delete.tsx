import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Checkbox, Field, FormAlert, Notice, SubmitButton, useCheckedForm } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { expireCookies, requireSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { deleteWithPasswordForm } from '../lib/form-schemas';
import { parseForm, text } from '../lib/forms';
import { accountUserLoader } from '../lib/account.server';
import { gateway, webOrigin } from '../lib/gateway.server';
import { call } from '../lib/call.server';

export const meta: MetaFunction = () => [{ title: 'Delete account · Tend' }];

export const loader = accountUserLoader;

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  const { user } = await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const callbackURL = `${webOrigin(args.request)}/goodbye`;

  if (intent === 'delete-by-email') {
    const result = await call(api, routes.deleteUser, { callbackURL });
    if (!result.ok) return data<ActionResult>({ intent, errors: describeError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
    return data<ActionResult>({ intent, done: 'mail-sent', detail: user.email }, { headers: api.headers });
  }

  const parsed = parseForm(deleteWithPasswordForm, form);
  if (!parsed.ok) return data<ActionResult>({ intent: 'delete-with-password', errors: parsed.errors }, { status: 400, headers: api.headers });
  const result = await call(api, routes.deleteUser, { password: parsed.values.password, callbackURL });
  if (!result.ok) {
    const errors = describeError(result.error, { currentPassword: 'password' });
    return data<ActionResult>({ intent: 'delete-with-password', errors }, { status: failureStatus(result.status), headers: api.headers });
  }
  if (/mail|verification/i.test(result.data?.message ?? '')) {
    return data<ActionResult>({ intent, done: 'mail-sent', detail: user.email }, { headers: api.headers });
  }
  throw redirect('/goodbye', { headers: expireCookies(api) });
}

export default function DeleteAccount() {
  const { user } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const withPassword = useCheckedForm(deleteWithPasswordForm, result?.intent === 'delete-with-password' ? result.errors : undefined);
  const passwordErrors = withPassword.errors;
  const emailErrors = result?.intent === 'delete-by-email' ? result.errors : undefined;
  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <div className="card__header">
        <h2 id="delete-title">Delete your account</h2>
        <p>
          This removes your account, your entries and every device you're signed in on. It can't be undone. If you need a break
          instead, you can simply sign out; your account will be here when you return.
        </p>
      </div>
      {result?.done === 'mail-sent' ? (
        <Notice title="Check your inbox">
          We've sent a confirmation link to <strong>{result.detail}</strong>. Your account is deleted only when you open it.
        </Notice>
      ) : null}
      <h3>Delete with your password</h3>
      <Form method="post" {...withPassword.props} className="form">
        <FormAlert errors={passwordErrors}>
          <FreshSignInLink errors={passwordErrors} back="/account/delete" />
        </FormAlert>
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={passwordErrors?.fields.password} />
        <Checkbox label="I understand this deletes my account for good." name="confirm" error={passwordErrors?.fields.confirm} />
        <div>
          <SubmitButton intent="delete-with-password" pendingText="Deleting…" variant="danger">
            Delete my account
          </SubmitButton>
        </div>
      </Form>
      <hr className="divider" />
      <h3>No password?</h3>
      <p className="muted small">
        If your account has no password, we can send a confirmation link to {user.email} instead. Your account is deleted only
        when you open it.
      </p>
      <Form method="post" className="form">
        <FormAlert errors={emailErrors}>
          <FreshSignInLink errors={emailErrors} back="/account/delete" />
          {emailErrors?.code?.startsWith('USER_ALREADY_HAS_A_PASSWORD') ? (
            <p>
              <Link to="/forgot-password">Reset your password</Link>
            </p>
          ) : null}
        </FormAlert>
        <div>
          <SubmitButton intent="delete-by-email" pendingText="Sending…" variant="secondary">
            Email me a confirmation link
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
