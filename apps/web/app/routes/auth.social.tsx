// POST /auth/social: the "Continue with <Provider>" buttons of the sign-in and sign-up pages.
// The gateway stores the sign-in state and answers the provider's URL with a browser-binding
// cookie; that cookie goes back to the browser with this answer, on this origin, and comes back
// with the provider's redirect to <AUTH_BASE_URL>/api/auth/callback/<id> (this origin's proxy).
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import { ContinueToProvider } from '../components/providers/continue-to-provider';
import { flowOrigin, isKnownProvider, providerName } from '../components/providers/model';
import { checked, text } from '../lib/forms';
import { safeRedirect } from '../lib/redirect';
import { gateway, webOrigin } from '../lib/gateway.server';
import { errorPageURL, startProviderSignIn } from '../lib/providers.server';

export const meta: MetaFunction = () => [{ title: 'Signing in · Tend' }];

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const provider = text(form, 'provider');
  const from = flowOrigin(text(form, 'from')) === 'sign-up' ? 'sign-up' : 'sign-in';
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const failed = (code: string, headers?: Headers) =>
    redirect(`${errorPageURL('', { provider: isKnownProvider(provider) ? provider : 'unknown', from, redirectTo })}&error=${encodeURIComponent(code)}`, { headers });

  if (!isKnownProvider(provider)) throw failed('PROVIDER_NOT_FOUND');
  const api = gateway(args);
  const result = await startProviderSignIn(api, { origin: webOrigin(args.request), provider, redirectTo, from });
  if (!result.ok) throw failed(result.error.code, api.headers);
  // Without an id token the gateway answers the provider's URL (never a session).
  const url = 'url' in result.data ? result.data.url : null;
  if (!url) throw failed('SERVER_ERROR', api.headers);
  // The gateway's Set-Cookie (the binding cookie) travels with either answer.
  if (checked(form, 'scripted')) throw redirect(url, { headers: api.headers });
  return data({ url, name: providerName(provider) }, { headers: api.headers });
}

export default function SocialSignIn() {
  const result = useActionData<typeof action>();
  return (
    <section className="card card--narrow" aria-labelledby="social-title">
      <h1 id="social-title">{result ? 'One moment' : 'Sign in'}</h1>
      {result ? (
        <ContinueToProvider url={result.url} name={result.name} />
      ) : (
        <p>
          <Link to="/sign-in">Choose how to sign in</Link>
        </p>
      )}
    </section>
  );
}
