import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, SubmitButton, useCheckedForm } from '../components/forms';
import { failureStatus, type ActionResult } from '../lib/actions';
import { describeError } from '../lib/errors';
import { resetPasswordForm } from '../lib/form-schemas';
import { parseForm, text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { linkErrorMessage } from '../lib/links';
import { forgetResetEmail, resetEmail } from '../lib/reset-cookie.server';
import { call } from '../lib/call.server';

export const meta: MetaFunction = () => [{ title: 'Choose a new password · Tend' }];

/** The reset link lands here as `?token=…` (or `?error=INVALID_TOKEN`). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const failure = linkErrorMessage(url.searchParams.get('error')) ?? (token ? null : linkErrorMessage('invalid_token'));
  return data({ token, failure }, { status: failure ? 400 : 200 });
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const token = text(form, 'token');
  const parsed = parseForm(resetPasswordForm, form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors }, { status: 400 });
  const api = gateway(args);
  const { newPassword } = parsed.values;
  const result = await call(api, routes.resetPassword, { newPassword, token });
  if (!result.ok) {
    const errors = describeError(result.error, { newPassword: 'newPassword' });
    return data<ActionResult>({ errors }, { status: failureStatus(result.status), headers: api.headers });
  }
  // Signed in at once when this browser asked for the link; otherwise off to sign in.
  const email = await resetEmail(args.request);
  api.headers.append('set-cookie', await forgetResetEmail(args.request));
  if (email) {
    const signedIn = await call(api, routes.signInEmail, { email, password: newPassword, rememberMe: true });
    if (signedIn.ok) throw redirect('/account?notice=password-reset', { headers: api.headers });
  }
  throw redirect('/sign-in?notice=password-reset', { headers: api.headers });
}

export default function ResetPassword() {
  const { token, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { props, errors } = useCheckedForm(resetPasswordForm, result?.errors);
  if (failure) {
    return (
      <section className="card card--narrow" aria-labelledby="reset-title">
        <h1 id="reset-title">This link can't be used</h1>
        <div role="alert" className="alert alert--error">
          <p>{failure}</p>
        </div>
        <p className="spaced">
          <Link to="/forgot-password" className="button button--primary">
            Send me a new link
          </Link>
        </p>
      </section>
    );
  }
  const tokenProblem = errors?.code === 'INVALID_TOKEN' || errors?.code === 'TOKEN_EXPIRED';
  return (
    <section className="card card--narrow" aria-labelledby="reset-title">
      <div className="card__header">
        <h1 id="reset-title">Choose a new password</h1>
        <p className="lead">Pick something you haven't used here before.</p>
      </div>
      <Form method="post" {...props} className="form">
        <input type="hidden" name="token" value={token} />
        <FormAlert errors={errors}>
          {tokenProblem ? (
            <p>
              <Link to="/forgot-password">Send me a new link</Link>
            </p>
          ) : null}
        </FormAlert>
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors?.fields.newPassword}
          hint="At least 8 characters."
        />
        <Field label="Type it again" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.fields.confirmPassword} />
        <SubmitButton pendingText="Saving…">Save and sign in</SubmitButton>
      </Form>
    </section>
  );
}
