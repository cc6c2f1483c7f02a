import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, SubmitButton, useCheckedForm } from '../components/forms';
import { SocialSignIn } from '../components/providers/social-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { currentSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { signUpForm } from '../lib/form-schemas';
import { parseForm } from '../lib/forms';
import { safeRedirect } from '../lib/redirect';
import { gateway, webOrigin } from '../lib/gateway.server';
import { callbackURL, followSignIn, targetOf, targetOfUrl, withOAuthQuery, type SignInTarget } from '../lib/sign-in-flow.server';
import { enabledProviders } from '../lib/providers.server';
import { call } from '../lib/call.server';
import authStyles from '../styles/auth.css?url';
import providersStyles from '../styles/providers.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(authStyles, providersStyles);

export const meta: MetaFunction = () => [{ title: 'Create your account · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  // A deep link (an invitation, an app's consent page) that sent the visitor here gets them back
  // once they have an account; an app's authorization request may also come as the gateway sends it.
  const url = new URL(args.request.url);
  const back = url.searchParams.has('redirectTo') || url.searchParams.has('sig') ? targetOfUrl(url).redirectTo : null;
  if (await currentSession(api)) throw redirect(back ?? '/account', { headers: api.headers });
  return { redirectTo: back, providers: await enabledProviders(api) };
}

/** Where the verification link lands: the app's consent page when an app sent the person here, else the result page. */
function verifiedCallback(request: Request, target: SignInTarget): string {
  return target.oauthQuery ? callbackURL(request, target) : `${webOrigin(request)}/verify-email/result`;
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const back = form.get('redirectTo') ? safeRedirect(form.get('redirectTo')) : null;
  const parsed = parseForm(signUpForm, form);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });

  const api = gateway(args);
  const { name, email, password, username } = parsed.values;
  const target = targetOf(back);
  const result = await call(
    api,
    routes.signUpEmail,
    withOAuthQuery({ name, email, password, ...(username ? { username } : {}), callbackURL: verifiedCallback(args.request, target) }, target),
  );
  if (!result.ok) {
    const errors = describeError(result.error, { name: 'name', email: 'email', newPassword: 'password', username: 'username' });
    return data<ActionResult>({ errors, values: { name, email, username: username ?? '' } }, { status: failureStatus(result.status), headers: api.headers });
  }
  // Signed in at once (no verification asked first): on to the deep link, or the app's consent page.
  const answer = result.data as { token?: unknown; twoFactorRedirect?: unknown; redirect?: unknown };
  if (back && (answer.token || answer.twoFactorRedirect === true || answer.redirect === true)) throw followSignIn(api, args.request, result.data, target);
  throw redirect(`/verify-email?email=${encodeURIComponent(email)}&welcome=1`, { headers: api.headers });
}

export default function SignUp() {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { redirectTo, providers } = useLoaderData<typeof loader>();
  const { props, errors } = useCheckedForm(signUpForm, result?.errors);
  const values = result?.values ?? {};
  return (
    <section className="card card--narrow" aria-labelledby="sign-up-title">
      <div className="card__header">
        <h1 id="sign-up-title">Create your account</h1>
        <p className="lead">Welcome. It only takes a minute, and you can change everything later.</p>
      </div>
      <Form method="post" {...props} className="form">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert errors={errors}>
          {errors?.code === 'USER_ALREADY_EXISTS' ? (
            <p>
              <Link to="/sign-in">Sign in</Link> or <Link to="/forgot-password">reset your password</Link>.
            </p>
          ) : null}
        </FormAlert>
        <Field label="Your name" name="name" autoComplete="name" defaultValue={values.name} error={errors?.fields.name} hint="What should we call you?" />
        <Field label="Email" name="email" type="email" inputMode="email" autoComplete="email" defaultValue={values.email} error={errors?.fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors?.fields.password}
          hint="At least 8 characters. A short phrase you'll remember works well."
        />
        <Field
          label="Username"
          name="username"
          optional
          autoComplete="username"
          defaultValue={values.username}
          error={errors?.fields.username}
          hint="Letters, numbers, underscores and dots. You can sign in with it too."
          spellCheck={false}
        />
        <SubmitButton intent="sign-up" pendingText="Creating your account…">
          Create account
        </SubmitButton>
      </Form>
      <SocialSignIn providers={providers} redirectTo={redirectTo} from="sign-up" />
      <p className="after-form">
        Already have an account? <Link to={redirectTo ? `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}` : '/sign-in'}>Sign in</Link>
      </p>
    </section>
  );
}
