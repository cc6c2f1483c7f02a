import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Checkbox, Field, FormAlert, Notice, SubmitButton, useCheckedForm } from '../components/forms';
import { EmailSignInButtons, EmailSignInStep, emailStepOf } from '../components/email-sign-in';
import { PasskeySignIn } from '../components/passkeys/passkey-sign-in';
import { SocialSignIn } from '../components/providers/social-sign-in';
import { SsoSignInButton } from '../components/sso/sso-sign-in';
import type { ActionResult } from '../lib/actions';
import { currentSession } from '../lib/auth.server';
import { linkFailure } from '../lib/email-sign-in.server';
import { signInForm } from '../lib/form-schemas';
import { text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { enabledProviders } from '../lib/providers.server';
import { signInMethodFor } from '../lib/sign-in-methods.server';
import { targetOf, targetOfUrl } from '../lib/sign-in-flow.server';
import authStyles from '../styles/auth.css?url';
import emailSignInStyles from '../styles/email-sign-in.css?url';
import passkeysStyles from '../styles/passkeys.css?url';
import providersStyles from '../styles/providers.css?url';
import ssoStyles from '../styles/sso.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(authStyles, providersStyles, emailSignInStyles, passkeysStyles, ssoStyles);

export const meta: MetaFunction = () => [{ title: 'Sign in · Tend' }];

const notices: Record<string, string> = {
  'password-reset': 'Your password has been changed. Sign in with your new password.',
  'session-ended': 'Your session has ended. Please sign in again.',
  verified: 'Your email is verified. Sign in to continue.',
};

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  // A deep link, or an app's authorization request (then its consent page) to go on to.
  const { redirectTo, oauthQuery } = targetOfUrl(url);
  const reauth = url.searchParams.get('reauth') === '1';
  // Add another account (the header's account switcher): the page stays, the accounts signed in stay too.
  const adding = url.searchParams.get('add') === '1';
  const api = gateway(args);
  const current = await currentSession(api);
  if (current && !reauth && !adding) throw redirect(redirectTo, { headers: api.headers });
  const notice = notices[url.searchParams.get('notice') ?? ''] ?? null;
  const providers = await enabledProviders(api);
  // A mailed sign-in link that could not be used comes back here with its reason.
  const linkError = linkFailure(url.searchParams.get('error'));
  const forApp = oauthQuery !== null;
  return data({ redirectTo, forApp, reauth, adding: adding && current !== null, notice, linkError, identifier: reauth ? (current?.user.email ?? '') : '', providers }, { headers: api.headers });
}

/** Each sign-in method (lib/sign-in-methods.server.ts) answers its own intents, and goes on to the same target. */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  return signInMethodFor(text(form, 'intent')).action(args, form, text(form, 'intent'), targetOf(form.get('redirectTo')));
}

export default function SignIn() {
  const { redirectTo, forApp, reauth, adding, notice, linkError, identifier, providers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  // The passkey button answers in its own form.
  const { props, errors: checked } = useCheckedForm(signInForm, result?.intent === 'passkey-sign-in' ? undefined : result?.errors);
  const step = emailStepOf(result);
  if (step && result) return <EmailSignInStep step={step} result={result} redirectTo={redirectTo} />;
  const errors = checked ?? linkError ?? undefined;
  const typed = result?.values?.identifier ?? identifier;
  return (
    <section className="card card--narrow" aria-labelledby="sign-in-title">
      <div className="card__header">
        <h1 id="sign-in-title">{reauth ? 'Please sign in again' : adding ? 'Add another account' : 'Welcome back'}</h1>
        <p className="lead">
          {reauth
            ? 'For your safety, we ask for your password again before sensitive changes.'
            : forApp
              ? 'Sign in to Tend to continue to the app that sent you here.'
              : 'Sign in with your email or username.'}
        </p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      <Form method="post" {...props} className="form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert errors={errors}>
          {errors?.code === 'EMAIL_NOT_VERIFIED' ? (
            <p>
              <Link to={`/verify-email?email=${encodeURIComponent(typed)}`}>Send a new verification link</Link>
            </p>
          ) : null}
          {errors?.code === 'INVALID_EMAIL_OR_PASSWORD' || errors?.code === 'INVALID_USERNAME_OR_PASSWORD' ? (
            <p>
              <Link to="/forgot-password">Forgot your password?</Link>
            </p>
          ) : null}
        </FormAlert>
        <Field
          label="Email or username"
          name="identifier"
          autoComplete="username webauthn"
          defaultValue={typed}
          error={errors?.fields.identifier}
          spellCheck={false}
        />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors?.fields.password} />
        <div className="form-row">
          <Checkbox label="Keep me signed in" name="rememberMe" defaultChecked />
          <Link to="/forgot-password" className="small">
            Forgot password?
          </Link>
        </div>
        <SubmitButton intent="sign-in" pendingText="Signing in…">
          Sign in
        </SubmitButton>
        <EmailSignInButtons />
      </Form>
      <PasskeySignIn redirectTo={redirectTo} result={result} />
      <SocialSignIn providers={providers} redirectTo={redirectTo} from="sign-in" />
      <SsoSignInButton redirectTo={redirectTo} />
      <p className="after-form">
        New to Tend? <Link to={forApp ? `/sign-up?redirectTo=${encodeURIComponent(redirectTo)}` : '/sign-up'}>Create an account</Link>
      </p>
    </section>
  );
}
