// POST /auth/social: the "Continue with <Provider>" buttons of the sign-in and sign-up pages.
// The gateway stores the sign-in state and answers the provider's URL with a browser-binding
// cookie; that cookie goes back to the browser with the redirect, on this origin, and comes back
// with the provider's redirect to <AUTH_BASE_URL>/api/auth/callback/<id> (this origin's proxy).
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { flowOrigin, isKnownProvider } from '../components/providers/model';
import { text, safeRedirect } from '../lib/forms';
import { gateway, webOrigin } from '../lib/gateway.server';
import { errorPageURL, startProviderSignIn } from '../lib/providers.server';

/** Visiting the address itself leads to the sign-in page. */
export function loader() {
  return redirect('/sign-in');
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const provider = text(form, 'provider');
  const from = flowOrigin(text(form, 'from')) === 'sign-up' ? 'sign-up' : 'sign-in';
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const origin = webOrigin(args.request);
  const failed = (code: string, headers?: Headers) =>
    redirect(`${errorPageURL('', { provider: isKnownProvider(provider) ? provider : 'unknown', from, redirectTo })}&error=${encodeURIComponent(code)}`, { headers });

  if (!isKnownProvider(provider)) throw failed('PROVIDER_NOT_FOUND');
  const api = gateway(args);
  const result = await startProviderSignIn(api, { origin, provider, redirectTo, from });
  if (!result.ok) throw failed(result.error.code, api.headers);
  if (!result.data.url) throw failed('SERVER_ERROR', api.headers);
  // The gateway's Set-Cookie (the binding cookie) travels with this redirect.
  throw redirect(result.data.url, { headers: api.headers });
}
