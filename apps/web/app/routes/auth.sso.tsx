// Sign in with single sign-on: asks for the work email, then sends the browser to the identity
// provider of that email's organization. The gateway's binding cookie travels with the redirect
// (this origin's /api/auth is the gateway); a failed sign-in comes back here with `?error=`.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormAlert, SubmitButton } from '../components/forms';
import { ContinueToProvider, ScriptedMarker } from '../components/providers/continue-to-provider';
import type { ActionResult } from '../lib/actions';
import { checked, text } from '../lib/forms';
import { gateway, webOrigin } from '../lib/gateway.server';
import { safeRedirect } from '../lib/redirect';
import { ssoSignInErrorMessage, ssoStartFailure, startSsoSignIn } from '../lib/sso.server';
import authStyles from '../styles/auth.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(authStyles);

export const meta: MetaFunction = () => [{ title: 'Sign in with single sign-on · Tend' }];

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { redirectTo: safeRedirect(url.searchParams.get('redirectTo')), problem: ssoSignInErrorMessage(url.searchParams.get('error')) };
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const email = text(form, 'email').trim();
  if (!email) return data<ActionResult>({ errors: { fields: { email: 'Please enter your work email.' } }, values: { email } }, { status: 400 });
  const api = gateway(args);
  const result = await startSsoSignIn(api, { origin: webOrigin(args.request), email, redirectTo });
  if (!result.ok) {
    const failure = ssoStartFailure(result.error);
    return data<ActionResult>({ errors: failure.errors, values: { email } }, { status: failure.status, headers: api.headers });
  }
  // The binding cookie (Set-Cookie in api.headers) goes to the browser with either answer. Without
  // scripts a form post may not be redirected to another origin (`form-action 'self'`): a page
  // that goes on by itself, with a link, instead.
  if (checked(form, 'scripted')) throw redirect(result.data.url, { headers: api.headers });
  return data<ActionResult & { url?: string }>({ url: result.data.url }, { headers: api.headers });
}

export default function SsoSignIn() {
  const { redirectTo, problem } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as (ActionResult & { url?: string }) | undefined;
  if (result?.url) {
    return (
      <section className="card card--narrow" aria-labelledby="sso-title">
        <h1 id="sso-title">One moment</h1>
        <ContinueToProvider url={result.url} name="your organization's sign-in" />
      </section>
    );
  }
  const errors = result?.errors ?? (problem ? { form: problem, fields: {} } : undefined);
  return (
    <section className="card card--narrow" aria-labelledby="sso-title">
      <div className="card__header">
        <h1 id="sso-title">Sign in with single sign-on</h1>
        <p className="lead">Use your work account. We'll send you to your organization's sign-in page.</p>
      </div>
      <Form method="post" noValidate className="form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ScriptedMarker />
        <FormAlert errors={errors} />
        <Field label="Work email" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={result?.values?.email} error={errors?.fields.email} autoFocus />
        <SubmitButton intent="sso" pendingText="Continuing…">
          Continue
        </SubmitButton>
      </Form>
      <p className="after-form">
        <Link to={`/sign-in${redirectTo === '/account' ? '' : `?redirectTo=${encodeURIComponent(redirectTo)}`}`}>Sign in another way</Link>
      </p>
    </section>
  );
}
