// Where a provider sign-in or link that went wrong lands: the gateway redirects here (the flow's
// errorCallbackURL) with `?error=<code>`, and /auth/social does when the gateway refused to start.
// The code is explained in plain words, with a way to try again.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { callbackProblem, flowOrigin, isCallbackCode, isKnownProvider, providerName, type FlowOrigin } from '../components/providers/model';
import { safeRedirect } from '../lib/redirect';
import { describeProviderError } from '../lib/providers.server';
import providersStyles from '../styles/providers.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(providersStyles);

export const meta: MetaFunction = () => [{ title: "That didn't work · Tend" }];

/** The try-again link: back where the flow started, keeping the deep link. */
function retryLink(from: FlowOrigin, redirectTo: string | null): { to: string; label: string } {
  if (from === 'link') return { to: '/account/linked-accounts', label: 'Back to linked accounts' };
  const page = from === 'sign-up' ? '/sign-up' : '/sign-in';
  return { to: redirectTo ? `${page}?redirectTo=${encodeURIComponent(redirectTo)}` : page, label: 'Try again' };
}

export function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const code = (query.get('error') ?? '').slice(0, 100) || 'unknown';
  const providerId = query.get('provider');
  const provider = isKnownProvider(providerId) ? providerName(providerId) : 'the provider';
  const from = flowOrigin(query.get('from'));
  const redirectTo = query.get('redirectTo') ? safeRedirect(query.get('redirectTo')) : null;

  let problem = callbackProblem(code, provider);
  // Upper-case codes are the gateway's API errors: the flow never left for the provider.
  if (!isCallbackCode(code) && /^[A-Z0-9_]+$/.test(code)) {
    const message = describeProviderError({ code }).form ?? problem.message;
    problem = { title: from === 'link' ? `We couldn't start linking ${provider}` : `We couldn't start signing in with ${provider}`, message };
  }
  // The provider's own words, when the code alone says nothing we know.
  const description = isCallbackCode(code) ? null : (query.get('error_description') ?? '').trim().slice(0, 300) || null;
  return {
    code,
    provider,
    problem,
    description,
    retry: retryLink(from, redirectTo),
    // An existing account with this email: sign in with the password, then link the provider.
    passwordSignIn: code === 'account_not_linked' ? `/sign-in?redirectTo=${encodeURIComponent('/account/linked-accounts')}` : null,
    // From the sign-up page, trying again is where the email form is.
    emailSignUp: (code === 'email_not_found' || code === 'signup_disabled') && from !== 'sign-up' ? '/sign-up' : null,
  };
}

export default function ProviderError() {
  const { code, provider, problem, description, retry, passwordSignIn, emailSignUp } = useLoaderData<typeof loader>();
  return (
    <section className="card card--narrow provider-error" aria-labelledby="provider-error-title">
      <div className="card__header">
        <p className="provider-error__eyebrow">{provider === 'the provider' ? 'Signing in' : provider}</p>
        <h1 id="provider-error-title">{problem.title}</h1>
        <p className="lead">{problem.message}</p>
        {description ? (
          <p className="provider-error__detail">
            {provider === 'the provider' ? 'The provider' : provider} said: “{description}”
          </p>
        ) : null}
      </div>
      <div className="button-row">
        {passwordSignIn ? (
          <Link to={passwordSignIn} className="button button--primary">
            Sign in with your password
          </Link>
        ) : null}
        <Link to={retry.to} className={passwordSignIn ? 'button button--secondary' : 'button button--primary'}>
          {retry.label}
        </Link>
        {emailSignUp ? (
          <Link to={emailSignUp} className="button button--secondary">
            Create an account with email
          </Link>
        ) : null}
      </div>
      <p className="provider-error__code small muted">
        If you contact us about this, mention the code <code>{code}</code>.
      </p>
    </section>
  );
}
