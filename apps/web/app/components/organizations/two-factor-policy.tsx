// The Settings page's two-factor policy: the Require two-factor switch (those who may update the
// organization) and, for owners and admins, which members have no second factor yet.
import { Form, Link } from '@remix-run/react';
import type { ActionResult } from '../../lib/actions';
import { FormAlert, Notice, SubmitButton } from '../forms';
import { FreshSignInLink } from '../fresh-sign-in';

export interface TwoFactorPolicyView {
  required: boolean;
  /** Whether the viewer's own account has a second factor (needed to turn the policy on). */
  mine: boolean;
  canChange: boolean;
  /** Members without a second factor (owners and admins see it); null when not shown. */
  without: { id: string; name: string; email: string }[] | null;
  /** More members than were looked through. */
  partial: boolean;
}

export function TwoFactorPolicySection({ policy, result, back }: { policy: TwoFactorPolicyView; result?: ActionResult; back: string }) {
  const errors = result?.errors;
  const needsOwn = errors?.code === 'ENABLE_TWO_FACTOR_FIRST';
  return (
    <section className="card" aria-labelledby="two-factor-policy-title">
      <div className="card__header">
        <h2 id="two-factor-policy-title">Two-factor authentication</h2>
        <p className="muted">
          {policy.required
            ? 'Every member must use a second factor. Members without one see what to do instead of the organization.'
            : "Members may sign in with a password alone. Require a second factor to protect the organization's data."}
        </p>
      </div>
      {result?.done === 'two-factor-saved' ? <Notice>{result.detail}</Notice> : null}
      {policy.canChange ? (
        <Form method="post" className="form" key={String(policy.required)}>
          <FormAlert errors={errors}>
            {needsOwn ? (
              <p>
                <Link to="/account/security">Go to your Security page</Link>
              </p>
            ) : (
              <FreshSignInLink errors={errors} back={back} />
            )}
          </FormAlert>
          <div className="checkbox switch">
            <input id="require-two-factor" name="requireTwoFactor" type="checkbox" role="switch" defaultChecked={policy.required} aria-describedby="require-two-factor-hint" />
            <div>
              <label htmlFor="require-two-factor">Require two-factor</label>
              <p id="require-two-factor-hint" className="hint">
                {policy.mine
                  ? 'Members without a second factor are refused by every page and call of the organization, except leaving it, until they turn one on.'
                  : 'Turn on two-factor authentication for your own account first, on your Security page.'}
              </p>
            </div>
          </div>
          <div>
            <SubmitButton intent="require-two-factor" pendingText="Saving…" variant="secondary">
              Save two-factor policy
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <p>{policy.required ? 'This organization requires two-factor authentication.' : "This organization doesn't require two-factor authentication."}</p>
      )}
      {policy.without ? (
        <div className="two-factor-missing">
          <h3 id="two-factor-missing-title">Members without a second factor</h3>
          {policy.without.length === 0 ? (
            <p className="muted">Every member has a second factor.</p>
          ) : (
            <ul className="org-list org-list--plain" aria-labelledby="two-factor-missing-title">
              {policy.without.map((member) => (
                <li key={member.id}>
                  <strong>{member.name}</strong> <span className="muted">{member.email}</span>
                </li>
              ))}
            </ul>
          )}
          {policy.partial ? <p className="muted small">The list shows the first members only; search the Members page for the rest.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
