import { Link } from '@remix-run/react';
import { needsFreshSignIn, type FormErrors } from '../lib/errors';

/** A link to sign in again and come back, shown when the gateway wants a fresh session. */
export function FreshSignInLink({ errors, back }: { errors?: FormErrors; back: string }) {
  if (!needsFreshSignIn(errors)) return null;
  return (
    <p>
      <Link to={`/sign-in?reauth=1&redirectTo=${encodeURIComponent(back)}`}>Sign in again</Link>
    </p>
  );
}
