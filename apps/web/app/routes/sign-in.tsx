import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Checkbox, Field, FormAlert, Notice, SubmitButton, useCheckedForm } from '../components/forms';
import { EmailSignInButtons, EmailSignInStep, emailStepOf } from '../components/email-sign-in';
import { PasskeySignIn } from '../components/passkeys/passkey-sign-in';
import { SocialSignIn } from '../components/providers/social-sign-in';
import { SsoSignInButton } from '../components/sso/sso-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { currentSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { emailSignInAction, isEmailSignInIntent, linkFailure } from '../lib/email-sign-in.server';
import { PASSKEY_SIGN_IN_INTENT, passkeySignInAction } from '../lib/passkeys.server';
import { signInForm } from '../lib/form-schemas';
import { parseForm } from '../lib/forms';
import { safeRedirect } from '../lib/redirect';
import { gateway } from '../lib/gateway.server';
import { enabledProviders } from '../lib/providers.server';
import { call } from '../lib/call.server';
import authStyles from '../styles/auth.css?url';
import emailSignInStyles from '../styles/email-sign-in.css?url';
import passkeysStyles from '../styles/passkeys.css?url';
import providersStyles from '../styles/providers.css?url';
import ssoStyles from '../styles/sso.css?url';
import { stylesheets } from '../lib/stylesheets';
import { twoFactorRedirect } from '../lib/two-factor.server';

export const links = stylesheets(authStyles, providersStyles, emailSignInStyles, passkeysStyles, ssoStyles);

export const meta: MetaFunction = () => [{ title: 'Sign in · Tend' }];

const notices: Record<string, string> = {
  'password-reset': 'Your password has been changed. Sign in with your new password.',
  'session-ended': 'Your session has ended. Please sign in again.',
  verified: 'Your email is verified. Sign in to continue.',
};

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'));
  const reauth = url.searchParams.get('reauth') === '1';
  const api = gateway(args);
  const current = await currentSession(api);
  if (current && !reauth) throw redirect(redirectTo, { headers: api.headers });
  const notice = notices[url.searchParams.get('notice') ?? ''] ?? null;
  const providers = await enabledProviders(api);
  // A mailed sign-in link that could not be used comes back here with its reason.
  const linkError = linkFailure(url.searchParams.get('error'));
  return data({ redirectTo, reauth, notice, linkError, identifier: reauth ? (current?.user.email ?? '') : '', providers }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const intent = form.get('intent');
  if (isEmailSignInIntent(intent)) return emailSignInAction(args, form, intent, redirectTo);
  if (intent === PASSKEY_SIGN_IN_INTENT) return passkeySignInAction(args, form, redirectTo);
  const parsed = parseForm(signInForm, form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });

  const api = gateway(args);
  const { identifier, password } = parsed.values;
  const rememberMe = parsed.values.rememberMe ?? false;
  // One field takes both: an @ means an email.
  const result =
    identifier.includes('@')
      ? await call(api, routes.signInEmail, { email: identifier, password, rememberMe })
      : await call(api, routes.signInUsername, { username: identifier, password, rememberMe });
  if (!result.ok) {
    const errors = describeError(result.error, { email: 'identifier', username: 'identifier', identifier: 'identifier' });
    return data<ActionResult>({ errors, values: { identifier } }, { status: failureStatus(result.status), headers: api.headers });
  }
  if ('twoFactorRedirect' in result.data) throw twoFactorRedirect(api, redirectTo);
  throw redirect(redirectTo, { headers: api.headers });
}

export default function SignIn() {
  const { redirectTo, reauth, notice, linkError, identifier, providers } = useLoaderData<typeof loader>();
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
        <h1 id="sign-in-title">{reauth ? 'Please sign in again' : 'Welcome back'}</h1>
        <p className="lead">
          {reauth ? 'For your safety, we ask for your password again before sensitive changes.' : 'Sign in with your email or username.'}
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
        New to Tend? <Link to="/sign-up">Create an account</Link>
      </p>
    </section>
  );
}
