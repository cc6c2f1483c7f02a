// The forgot-password page's code step: the mailed code and the new password, typed twice.
import { Form, Link } from '@remix-run/react';
import type { ActionResult } from '../lib/actions';
import { Field, FormAlert, SubmitButton } from './forms';

/** Whether an action's answer leads to the code step (a code was mailed, or the reset was refused). */
export function isResetCodeStep(result: ActionResult | undefined): boolean {
  return result?.intent === 'reset-code' || result?.intent === 'reset-with-code';
}

export function ResetCodeStep({ result }: { result: ActionResult }) {
  const email = result.detail ?? '';
  const errors = result.errors;
  return (
    <section className="card card--narrow" aria-labelledby="reset-code-title">
      <div className="card__header">
        <h1 id="reset-code-title">Check your email</h1>
        <p className="lead">
          If there's an account for <strong>{email}</strong>, we've sent it a 6-digit code. It's valid for 5 minutes.
        </p>
      </div>
      <Form method="post" noValidate className="form">
        <input type="hidden" name="email" value={email} />
        <FormAlert errors={errors} />
        <Field label="Code" name="otp" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} autoFocus error={errors?.fields.otp} />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors?.fields.newPassword} hint="At least 8 characters." />
        <Field label="Type it again" name="confirmPassword" type="password" autoComplete="new-password" error={errors?.fields.confirmPassword} />
        <SubmitButton intent="reset-with-code" pendingText="Saving…">
          Save and sign in
        </SubmitButton>
      </Form>
      <p className="after-form">
        <Link to="/forgot-password">Use a different email</Link>
      </p>
    </section>
  );
}
