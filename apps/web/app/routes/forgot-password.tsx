import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, Notice, SubmitButton, useCheckedForm } from '../components/forms';
import { isResetCodeStep, ResetCodeStep } from '../components/reset-code';
import { failureStatus, type ActionResult } from '../lib/actions';
import { describeError } from '../lib/errors';
import { emailForm } from '../lib/form-schemas';
import { parseForm } from '../lib/forms';
import { gateway, webOrigin } from '../lib/gateway.server';
import { isResetCodeIntent, resetCodeAction } from '../lib/reset-code.server';
import { rememberResetEmail } from '../lib/reset-cookie.server';
import { call } from '../lib/call.server';
import authStyles from '../styles/auth.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(authStyles);

export const meta: MetaFunction = () => [{ title: 'Forgot your password? · Tend' }];

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const parsed = parseForm(emailForm, form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const { email } = parsed.values;
  const intent = form.get('intent');
  if (isResetCodeIntent(intent)) return resetCodeAction(args, form, intent, email);
  const api = gateway(args);
  const result = await call(api, routes.requestPasswordReset, { email, redirectTo: `${webOrigin(args.request)}/reset-password` });
  if (!result.ok) {
    return data<ActionResult>(
      { errors: describeError(result.error, { email: 'email' }), values: { email } },
      { status: failureStatus(result.status), headers: api.headers },
    );
  }
  api.headers.append('set-cookie', await rememberResetEmail(args.request, email));
  return data<ActionResult>({ done: 'sent', detail: email }, { headers: api.headers });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const form = useCheckedForm(emailForm, result?.errors);
  if (result && isResetCodeStep(result)) return <ResetCodeStep result={result} />;
  if (result?.done === 'sent') {
    return (
      <section className="card card--narrow" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Check your inbox</h1>
        <Notice>
          If there's an account for <strong>{result.detail}</strong>, we've sent a link to choose a new password. It's valid for a
          limited time.
        </Notice>
        <p className="muted">Didn't get it? Check your spam folder, or try again in a few minutes.</p>
        <p className="after-form">
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card card--narrow" aria-labelledby="forgot-title">
      <div className="card__header">
        <h1 id="forgot-title">Forgot your password?</h1>
        <p className="lead">It happens. Enter your email and we'll send you a link to choose a new one.</p>
      </div>
      <Form method="post" {...form.props} className="form">
        <FormAlert errors={form.errors} />
        <Field label="Email" name="email" type="email" inputMode="email" autoComplete="email" defaultValue={result?.values?.email} error={form.errors?.fields.email} />
        <SubmitButton intent="reset-link" pendingText="Sending…">
          Send reset link
        </SubmitButton>
        <SubmitButton intent="reset-code" pendingText="Sending…" variant="quiet">
          Email me a code instead
        </SubmitButton>
      </Form>
      <p className="after-form">
        Remembered it? <Link to="/sign-in">Sign in</Link>
      </p>
    </section>
  );
}
