// The admin console's card for a user who lost their second factor: Reset two-factor.
import { Form } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton } from '../forms';
import type { UserView } from '../admin/model';

export function TwoFactorResetSection({ user, result }: { user: UserView; result?: ActionResult }) {
  const reset = result?.done === 'two-factor-reset';
  return (
    <section className="card admin-card" aria-labelledby="two-factor-reset-title">
      <h2 id="two-factor-reset-title">Two-factor authentication</h2>
      <p>{reset || !user.twoFactorEnabled ? 'Off' : 'On'}</p>
      {reset ? <Notice>Two-factor authentication is off for {user.name}, and they have been signed out everywhere.</Notice> : null}
      <Form method="post" noValidate className="form" preventScrollReset>
        <p className="muted small">For someone who lost their phone and backup codes: they sign in with their password only, and can turn it on again.</p>
        <FormAlert errors={result?.errors} />
        <div>
          <SubmitButton intent="reset-two-factor" pendingText="Resetting…" variant="secondary">
            Reset two-factor
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
