// The admin console's card for a user's second factor: Reset two-factor (a lost device) and
// Clear two-factor lockout (answers refused after too many wrong codes).
import { Form } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton } from '../forms';
import type { UserView } from '../admin/model';

export function TwoFactorResetSection({ user, result }: { user: UserView; result?: ActionResult }) {
  const reset = result?.done === 'two-factor-reset';
  const cleared = result?.done === 'two-factor-lockout-cleared';
  return (
    <section className="card admin-card" aria-labelledby="two-factor-reset-title">
      <h2 id="two-factor-reset-title">Two-factor authentication</h2>
      <p>{reset || !user.twoFactorEnabled ? 'Off' : 'On'}</p>
      {reset ? <Notice>Two-factor authentication is off for {user.name}, and they have been signed out everywhere.</Notice> : null}
      {cleared ? (
        <Notice>
          {result?.detail === 'locked'
            ? `The lockout is cleared: ${user.name} can enter codes again now.`
            : `${user.name}'s codes were not locked. Nothing was refused; the count of wrong codes starts over.`}
        </Notice>
      ) : null}
      <Form method="post" noValidate className="form" preventScrollReset>
        <FormAlert errors={result?.errors} />
        <p className="muted small">For someone who lost their phone and backup codes: they sign in with their password only, and can turn it on again.</p>
        <div>
          <SubmitButton intent="reset-two-factor" pendingText="Resetting…" variant="secondary">
            Reset two-factor
          </SubmitButton>
        </div>
        <p className="muted small">
          After 10 wrong codes, every code is refused for 15 minutes, then longer after each further wrong one. Clear it for someone you have confirmed is the owner.
        </p>
        <div>
          <SubmitButton intent="clear-two-factor-lockout" pendingText="Clearing…" variant="secondary">
            Clear two-factor lockout
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
