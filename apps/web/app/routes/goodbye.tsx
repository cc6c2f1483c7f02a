import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { expireCookies } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import { linkErrorMessage } from '../lib/links';

export const meta: MetaFunction = () => [{ title: 'Goodbye · Tend' }];

/** After deleting: also where the mailed deletion link lands (`?error=` when it failed). */
export function loader(args: LoaderFunctionArgs) {
  const failure = linkErrorMessage(new URL(args.request.url).searchParams.get('error'));
  if (failure) return data({ failure });
  // The account is gone; drop whatever session cookie this browser still holds.
  return data({ failure: null }, { headers: expireCookies(gateway(args)) });
}

export default function Goodbye() {
  const { failure } = useLoaderData<typeof loader>();
  if (failure) {
    return (
      <section className="card card--narrow" aria-labelledby="goodbye-title">
        <h1 id="goodbye-title">Your account was not deleted</h1>
        <div role="alert" className="alert alert--error">
          <p>{failure}</p>
        </div>
        <p className="spaced">
          <Link to="/account/delete" className="button button--secondary">
            Back to account settings
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card card--narrow" aria-labelledby="goodbye-title">
      <h1 id="goodbye-title">Your account has been deleted</h1>
      <p className="lead">Thank you for the time you spent with Tend. We hope you keep looking after yourself.</p>
      <p>
        <Link to="/" className="button button--secondary">
          Back to the start
        </Link>
      </p>
    </section>
  );
}
