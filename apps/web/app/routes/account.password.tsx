import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Checkbox, Field, FormAlert, Notice, SubmitButton, useCheckedForm, useResetAfter } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { call } from '../lib/call.server';
import { describeError } from '../lib/errors';
import { changePasswordForm } from '../lib/form-schemas';
import { parseForm } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { hasPassword } from '../lib/providers.server';

export const meta: MetaFunction = () => [{ title: 'Password · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  return data({ hasPassword: await hasPassword(api) }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const parsed = parseForm(changePasswordForm, await args.request.formData());
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors }, { status: 400, headers: api.headers });
  const { currentPassword, newPassword } = parsed.values;
  const revokeOtherSessions = parsed.values.revokeOtherSessions ?? false;
  const result = await call(api, routes.changePassword, { currentPassword, newPassword, revokeOtherSessions });
  if (!result.ok) {
    const errors = describeError(result.error, { currentPassword: 'currentPassword', newPassword: 'newPassword' });
    return data<ActionResult>({ errors }, { status: failureStatus(result.status), headers: api.headers });
  }
  // With revokeOtherSessions the gateway issues a new session cookie: api.headers carries it.
  return data<ActionResult>({ done: revokeOtherSessions ? 'changed-and-revoked' : 'changed' }, { headers: api.headers });
}

export default function PasswordSettings() {
  const { hasPassword } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { props, errors } = useCheckedForm(changePasswordForm, result?.errors);
  const formRef = useResetAfter(result);
  return (
    <section className="card" aria-labelledby="password-title">
      <div className="card__header">
        <h2 id="password-title">Password</h2>
        <p className="muted">Choose a password you don't use anywhere else.</p>
      </div>
      {hasPassword ? null : (
        <p className="muted">
          Your account has no password yet: you sign in with an emailed link or code, or another account. <Link to="/forgot-password">Set a password</Link> with a link we
          email you.
        </p>
      )}
      {result?.done ? (
        <Notice title="Password changed">
          {result.done === 'changed-and-revoked'
            ? 'Your new password is saved, and your other devices have been signed out.'
            : 'Your new password is saved.'}
        </Notice>
      ) : null}
      <Form method="post" {...props} className="form" ref={formRef}>
        <FormAlert errors={errors}>
          <FreshSignInLink errors={errors} back="/account/password" />
        </FormAlert>
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors?.fields.currentPassword} />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors?.fields.newPassword} hint="At least 8 characters." />
        <Field label="Type the new password again" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.fields.confirmPassword} />
        <Checkbox
          label="Sign out my other devices"
          name="revokeOtherSessions"
          hint="Useful if you think someone else may know your old password."
        />
        <div>
          <SubmitButton pendingText="Saving…">Change password</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
