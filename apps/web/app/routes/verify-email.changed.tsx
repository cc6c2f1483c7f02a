import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { currentSession } from '../lib/auth.server';
import { gateway } from '../lib/gateway.server';
import { linkErrorMessage } from '../lib/links';

export const meta: MetaFunction = () => [{ title: 'Email change · Tend' }];

/** Where the links of an email change land (approval from the old address, then the new one). */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const api = gateway(args);
  const current = await currentSession(api);
  const failure = linkErrorMessage(url.searchParams.get('error'));
  return data(
    { failure, email: current?.user.email ?? null, verified: current?.user.emailVerified ?? false },
    { headers: api.headers, status: failure ? 400 : 200 },
  );
}

export default function EmailChanged() {
  const { failure, email, verified } = useLoaderData<typeof loader>();
  return (
    <section className="card card--narrow" aria-labelledby="changed-title">
      <h1 id="changed-title">{failure ? "We couldn't confirm this change" : 'Thanks, that is confirmed'}</h1>
      {failure ? (
        <div role="alert" className="alert alert--error">
          <p>{failure}</p>
        </div>
      ) : (
        <>
          {email ? (
            <p className="lead">
              Your account email is now <strong>{email}</strong>
              {verified ? '.' : ', waiting to be verified.'}
            </p>
          ) : null}
          <p>If you are moving to a new address and we sent a last link there, open it to finish.</p>
        </>
      )}
      <p className="spaced">
        <Link to={email ? '/account/email' : '/sign-in'} className="button button--primary">
          {email ? 'Back to your email settings' : 'Sign in'}
        </Link>
      </p>
    </section>
  );
}
