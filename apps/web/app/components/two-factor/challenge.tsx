// The second step of signing in: a code from the authenticator app (or an emailed one), or a
// backup code; "Trust this device" skips the step on this browser for 30 days. Only the ways the
// pending sign-in offers are shown: after a mailed link or code, no "Email me a code".
import { Form, Link } from '@remix-run/react';
import { formatLocal, formatUtc } from '../../lib/format';
import type { ChallengeMethod, ChallengeResult } from '../../lib/two-factor.server';
import { Checkbox, Field, FormAlert, LocalTime, Notice, SubmitButton } from '../forms';

interface Props {
  callbackURL: string;
  method: ChallengeMethod;
  methods: readonly ChallengeMethod[];
  /** No pending sign-in in this browser (expired, used, or never started). */
  expired: boolean;
  result?: ChallengeResult;
}

const LEAD: Record<ChallengeMethod, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  otp: 'Enter the 6-digit code we emailed you.',
  'backup-code': 'Enter one of your backup codes. Each code works once.',
};

export function TwoFactorChallenge({ callbackURL, method, methods, expired, result }: Props) {
  const errors = result?.errors;
  const showing = result?.method ?? method;
  const signInAgain = (
    <p>
      <Link to={`/sign-in?redirectTo=${encodeURIComponent(callbackURL)}`}>Sign in again</Link>
    </p>
  );
  if (expired) {
    return (
      <section className="card card--narrow" aria-labelledby="two-factor-title">
        <div className="card__header">
          <h1 id="two-factor-title">Two-factor authentication</h1>
        </div>
        <div role="alert" className="alert alert--error">
          <p>This sign-in has expired or was used already. Please sign in again.</p>
          {signInAgain}
        </div>
      </section>
    );
  }
  return (
    <section className="card card--narrow" aria-labelledby="two-factor-title">
      <div className="card__header">
        <h1 id="two-factor-title">Two-factor authentication</h1>
        <p className="lead">{LEAD[showing]}</p>
      </div>
      {result?.sent && !errors ? <Notice>We emailed you a code. It works for 5 minutes.</Notice> : null}
      <Form method="post" className="form">
        <input type="hidden" name="callbackURL" value={callbackURL} />
        <FormAlert errors={errors}>
          {errors?.code === 'INVALID_TWO_FACTOR_COOKIE' ? signInAgain : null}
          {result?.lockedUntil ? (
            <p>
              You can try again after <LocalTime iso={result.lockedUntil} utc={formatUtc(result.lockedUntil)} local={formatLocal} />. If these were not your
              attempts, someone knows your password or can read your email: change your password once you are signed in.
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
      <OtherWays callbackURL={callbackURL} showing={showing} methods={methods} />
    </section>
  );
}

/** The other ways the pending sign-in offers, each a visible button. */
function OtherWays({ callbackURL, showing, methods }: { callbackURL: string; showing: ChallengeMethod; methods: readonly ChallengeMethod[] }) {
  const backup = showing !== 'backup-code' && methods.includes('backup-code');
  const app = showing === 'backup-code' && methods.includes('totp');
  const mail = methods.includes('otp');
  if (!backup && !app && !mail) return null;
  return (
    <div className="two-factor__other">
      <p className="muted">{showing === 'backup-code' ? 'Have your app?' : "Can't use your app?"}</p>
      {app ? (
        <Form method="get">
          <input type="hidden" name="callbackURL" value={callbackURL} />
          <button type="submit" className="button button--secondary">
            Use your authenticator app
          </button>
        </Form>
      ) : null}
      {backup ? (
        <Form method="get">
          <input type="hidden" name="callbackURL" value={callbackURL} />
          <input type="hidden" name="method" value="backup-code" />
          <button type="submit" className="button button--secondary">
            Use a backup code
          </button>
        </Form>
      ) : null}
      {mail ? (
        <Form method="post">
          <input type="hidden" name="callbackURL" value={callbackURL} />
          <SubmitButton intent="send-otp" variant="secondary" pendingText="Sending…">
            Email me a code
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
