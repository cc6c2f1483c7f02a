// The second step of signing in: a code from the authenticator app (or an emailed one), or a
// backup code; "Trust this device" skips the step on this browser for 30 days.
import { Form, Link } from '@remix-run/react';
import type { ChallengeResult } from '../../lib/two-factor.server';
import { Checkbox, Field, FormAlert, Notice, SubmitButton } from '../forms';

export function TwoFactorChallenge({ callbackURL, method, result }: { callbackURL: string; method: 'totp' | 'backup-code'; result?: ChallengeResult }) {
  const errors = result?.errors;
  const showing = result?.method ?? method;
  const expired = errors?.code === 'INVALID_TWO_FACTOR_COOKIE';
  return (
    <section className="card card--narrow" aria-labelledby="two-factor-title">
      <div className="card__header">
        <h1 id="two-factor-title">Two-factor authentication</h1>
        <p className="lead">
          {showing === 'backup-code'
            ? 'Enter one of your backup codes. Each code works once.'
            : showing === 'otp'
              ? 'Enter the 6-digit code we emailed you.'
              : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {result?.sent && !errors ? <Notice>We emailed you a code. It works for 5 minutes.</Notice> : null}
      <Form method="post" className="form">
        <input type="hidden" name="callbackURL" value={callbackURL} />
        <FormAlert errors={errors}>
          {expired ? (
            <p>
              <Link to={`/sign-in?redirectTo=${encodeURIComponent(callbackURL)}`}>Sign in again</Link>
            </p>
          ) : null}
        </FormAlert>
        {/* Keyed by the way in use: switching ways (or asking for an emailed code) draws a new field, which takes the focus. */}
        {showing === 'backup-code' ? (
          <Field key="backup-code" label="Backup code" name="backupCode" autoComplete="off" spellCheck={false} autoFocus error={errors?.fields.backupCode} />
        ) : (
          <Field key={showing} label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} autoFocus error={errors?.fields.code} />
        )}
        <Checkbox label="Trust this device" name="trustDevice" hint="We won't ask for a code on this browser for 30 days." />
        <div>
          <SubmitButton intent={showing === 'backup-code' ? 'verify-backup-code' : showing === 'otp' ? 'verify-otp' : 'verify-totp'} pendingText="Checking…">
            Verify
          </SubmitButton>
        </div>
      </Form>
      <div className="two-factor__other">
        <p className="muted">Can't use your app?</p>
        {showing === 'backup-code' ? (
          <Form method="get">
            <input type="hidden" name="callbackURL" value={callbackURL} />
            <button type="submit" className="button button--secondary">
              Use your authenticator app
            </button>
          </Form>
        ) : (
          <Form method="get">
            <input type="hidden" name="callbackURL" value={callbackURL} />
            <input type="hidden" name="method" value="backup-code" />
            <button type="submit" className="button button--secondary">
              Use a backup code
            </button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="callbackURL" value={callbackURL} />
          <SubmitButton intent="send-otp" variant="secondary" pendingText="Sending…">
            Email me a code
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
