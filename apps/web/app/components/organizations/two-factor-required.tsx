// What a member sees when the organization requires two-factor authentication and their account
// has none (the gateway's 403 TWO_FACTOR_REQUIRED): what to do, and the way to their Security page.
import { Link } from '@remix-run/react';

export function TwoFactorRequired({ organizationName }: { organizationName: string }) {
  return (
    <section className="card org-two-factor-required" aria-labelledby="two-factor-required-title">
      <div className="card__header">
        <h2 id="two-factor-required-title">This organization requires two-factor authentication</h2>
      </div>
      <p>
        {organizationName} asks every member to sign in with a second factor: a code from an authenticator app, besides the password. Your account doesn't have one yet, so the
        organization's pages stay closed to you until you turn it on.
      </p>
      <ol className="org-steps">
        <li>Open your Security page and choose to turn on two-factor authentication.</li>
        <li>Scan the code with an authenticator app, and confirm with a code from it.</li>
        <li>Come back here: the organization opens at once.</li>
      </ol>
      <p>
        <Link to="/account/security" className="button button--primary">
          Go to your Security page
        </Link>
      </p>
    </section>
  );
}
