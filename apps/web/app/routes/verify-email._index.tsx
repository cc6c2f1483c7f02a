import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, Notice, SubmitButton, useCheckedForm } from '../components/forms';
import { failureStatus, type ActionResult } from '../lib/actions';
import { currentSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { emailForm } from '../lib/form-schemas';
import { parseForm } from '../lib/forms';
import { gateway, webOrigin } from '../lib/gateway.server';
import { call } from '../lib/call.server';
import authStyles from '../styles/auth.css?url';
import { stylesheets } from '../lib/stylesheets';

export const links = stylesheets(authStyles);

export const meta: MetaFunction = () => [{ title: 'Verify your email · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const api = gateway(args);
  const current = await currentSession(api);
  const email = url.searchParams.get('email') ?? current?.user.email ?? '';
  return data(
    { email, welcome: url.searchParams.get('welcome') === '1', signedIn: Boolean(current), verified: current?.user.emailVerified ?? false },
    { headers: api.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const parsed = parseForm(emailForm, await args.request.formData());
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const api = gateway(args);
  const { email } = parsed.values;
  const result = await call(api, routes.sendVerificationEmail, { email, callbackURL: `${webOrigin(args.request)}/verify-email/result` });
  if (!result.ok) {
    return data<ActionResult>(
      { errors: describeError(result.error, { email: 'email' }), values: { email } },
      { status: failureStatus(result.status), headers: api.headers },
    );
  }
  return data<ActionResult>({ done: 'sent', detail: email, values: { email } }, { headers: api.headers });
}

export default function VerifyEmail() {
  const { email, welcome, signedIn, verified } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const form = useCheckedForm(emailForm, result?.errors);
  if (verified) {
    return (
      <section className="card card--narrow" aria-labelledby="verify-title">
        <h1 id="verify-title">Your email is verified</h1>
        <p className="lead">Thank you. There's nothing more to do here.</p>
        <Link to="/account" className="button button--primary">
          Go to your account
        </Link>
      </section>
    );
  }
  return (
    <section className="card card--narrow" aria-labelledby="verify-title">
      <div className="card__header">
        <h1 id="verify-title">{welcome ? 'Welcome to Tend' : 'Verify your email'}</h1>
        <p className="lead">
          {welcome ? "Your account is ready. One last step: we've sent a link to " : "We've sent a link to "}
          {email ? <strong>{email}</strong> : 'your email address'}. Open it to confirm the address is yours.
        </p>
        <p className="muted small">It can take a minute or two to arrive. If you can't find it, check your spam folder.</p>
      </div>
      {result?.done === 'sent' ? (
        <Notice title="Sent">
          If <strong>{result.detail}</strong> belongs to an account that still needs verifying, a new link is on its way.
        </Notice>
      ) : null}
      <Form method="post" {...form.props} className="form">
        <FormAlert errors={form.errors} />
        <Field label="Email" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={result?.values?.email ?? email} error={form.errors?.fields.email} />
        <SubmitButton pendingText="Sending…" variant="secondary">
          Send a new link
        </SubmitButton>
      </Form>
      <p className="after-form">
        {signedIn ? <Link to="/account">Continue to your account</Link> : <Link to="/sign-in">Back to sign in</Link>}
      </p>
    </section>
  );
}
