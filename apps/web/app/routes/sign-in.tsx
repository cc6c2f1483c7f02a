import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Checkbox, Field, FormAlert, Notice, SubmitButton } from '../components/forms';
import { SocialSignIn } from '../components/providers/social-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { auth, currentSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { parseSignIn, safeRedirect } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { enabledProviders } from '../lib/providers.server';

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
  return data({ redirectTo, reauth, notice, identifier: reauth ? (current?.user.email ?? '') : '', providers }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const redirectTo = safeRedirect(form.get('redirectTo'));
  const parsed = parseSignIn(form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });

  const api = gateway(args);
  const { identifier, password, rememberMe, kind } = parsed.values;
  const result =
    kind === 'email'
      ? await auth.signInEmail(api, { email: identifier, password, rememberMe })
      : await auth.signInUsername(api, { username: identifier, password, rememberMe });
  if (!result.ok) {
    const errors = describeError(result.error, { email: 'identifier', username: 'identifier', identifier: 'identifier' });
    return data<ActionResult>({ errors, values: { identifier } }, { status: failureStatus(result.status), headers: api.headers });
  }
  throw redirect(redirectTo, { headers: api.headers });
}

export default function SignIn() {
  const { redirectTo, reauth, notice, identifier, providers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const errors = result?.errors;
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
      <Form method="post" noValidate className="form">
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
          autoComplete="username"
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
      </Form>
      <SocialSignIn providers={providers} redirectTo={redirectTo} from="sign-in" />
      <p className="after-form">
        New to Tend? <Link to="/sign-up">Create an account</Link>
      </p>
    </section>
  );
}
