// Sign-in without a password on the sign-in page: the two buttons under the password form (they
// use its Email field), then "check your email" for a link, or the Code field for a code.
import { Form, Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { ActionResult } from '../lib/actions';
import { Field, FormAlert, Notice, SubmitButton } from './forms';

/** "Email me a sign-in link" and "Email me a sign-in code": submit buttons of the sign-in form. */
export function EmailSignInButtons() {
  return (
    <div className="email-sign-in" role="group" aria-labelledby="email-sign-in-label">
      <p id="email-sign-in-label" className="email-sign-in__label">
        Or sign in without a password:
      </p>
      <div className="email-sign-in__buttons">
        <SubmitButton intent="magic-link" pendingText="Sending the link…" variant="secondary" skipChecks>
          Email me a sign-in link
        </SubmitButton>
        <SubmitButton intent="email-otp" pendingText="Sending the code…" variant="secondary" skipChecks>
          Email me a sign-in code
        </SubmitButton>
      </div>
    </div>
  );
}

/** The step an action's answer leads to: a link was mailed, a code was mailed (or typed wrong), or neither. */
export function emailStepOf(result: ActionResult | undefined): 'link-sent' | 'code' | null {
  if (result?.done === 'link-sent') return 'link-sent';
  if (result?.done === 'code-sent' || result?.done === 'code-resent' || result?.intent === 'verify-code') return 'code';
  return null;
}

interface StepProps {
  step: 'link-sent' | 'code';
  result: ActionResult;
  /** Where the person goes once signed in (a path on this site). */
  redirectTo: string;
}

/** "Check your email": the link is on its way, or the code is to be typed in. */
export function EmailSignInStep({ step, result, redirectTo }: StepProps) {
  const email = result.detail ?? '';
  const resent = result.done === 'code-resent';
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the button that was pressed: the focus goes to what it now says (the
  // link's step), or back to the Code field (a new code; the first one's field has autoFocus).
  useEffect(() => {
    if (step === 'link-sent') heading.current?.focus();
    else if (resent) document.getElementById('field-otp')?.focus();
  }, [result, resent, step]);
  const back = `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`;
  if (step === 'link-sent') {
    return (
      <section className="card card--narrow" aria-labelledby="email-step-title">
        <h1 id="email-step-title" tabIndex={-1} ref={heading}>
          Check your email
        </h1>
        <Notice>
          We've sent a sign-in link to <strong>{email}</strong>. Open it to sign in, no password needed. It's valid for 5 minutes and
          works once.
        </Notice>
        <p className="muted">Didn't get it? Check your spam folder, or ask for a new link in a minute.</p>
        <p className="after-form">
          <Link to={back}>Back to sign in</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card card--narrow" aria-labelledby="email-step-title">
      <div className="card__header">
        <h1 id="email-step-title">Check your email</h1>
        <p className="lead">
          Enter the 6-digit code we've sent to <strong>{email}</strong>. It's valid for 5 minutes.
        </p>
      </div>
      {resent ? <Notice>We've sent a new code to {email}. The earlier code no longer works.</Notice> : null}
      <Form method="post" noValidate className="form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="identifier" value={email} />
        <input type="hidden" name="resend" value="1" />
        <FormAlert errors={result.errors} />
        <Field label="Code" name="otp" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} autoFocus error={result.errors?.fields.otp} />
        <SubmitButton intent="verify-code" pendingText="Signing in…">
          Sign in
        </SubmitButton>
        <div className="email-sign-in__again">
          <SubmitButton intent="email-otp" pendingText="Sending…" variant="quiet">
            Send a new code
          </SubmitButton>
        </div>
      </Form>
      <p className="after-form">
        <Link to={back}>Use a different email</Link>
      </p>
    </section>
  );
}
