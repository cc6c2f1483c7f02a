import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { currentSession } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import { linkErrorMessage } from '../lib/links';

export const meta: MetaFunction = () => [{ title: 'Email verification · Tend' }];

/** Where the verification link lands: the gateway redirects here, with `?error=` when it failed. */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const api = gateway(args);
  const current = await currentSession(api);
  const failure = linkErrorMessage(url.searchParams.get('error'));
  return data({ failure, signedIn: Boolean(current), email: current?.user.email ?? '' }, { headers: api.headers, status: failure ? 400 : 200 });
}

export default function VerifyEmailResult() {
  const { failure, signedIn, email } = useLoaderData<typeof loader>();
  if (failure) {
    return (
      <section className="card card--narrow" aria-labelledby="result-title">
        <h1 id="result-title">We couldn't verify your email</h1>
        <div role="alert" className="alert alert--error">
          <p>{failure}</p>
        </div>
        <p className="lead spaced">
          No harm done. You can ask for a fresh link below.
        </p>
        <Link to={`/verify-email${email ? `?email=${encodeURIComponent(email)}` : ''}`} className="button button--primary">
          Send a new link
        </Link>
      </section>
    );
  }
  return (
    <section className="card card--narrow" aria-labelledby="result-title">
      <h1 id="result-title">Your email is verified</h1>
      <p className="lead">Thank you for confirming. You're all set.</p>
      {signedIn ? (
        <Link to="/account" className="button button--primary">
          Go to your account
        </Link>
      ) : (
        <Link to="/sign-in?notice=verified" className="button button--primary">
          Sign in
        </Link>
      )}
    </section>
  );
}
