import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { Field, FormAlert, Notice, SubmitButton, useCheckedForm } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { publicUser, requireSession } from '../lib/auth.server';
import { describeError } from '../lib/errors';
import { profileForm } from '../lib/form-schemas';
import { parseForm } from '../lib/forms';
import { accountUserLoader } from '../lib/account.server';
import { gateway } from '../lib/gateway.server';
import { call } from '../lib/call.server';

export const meta: MetaFunction = () => [{ title: 'Profile · Tend' }];

export const loader = accountUserLoader;

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  const { user } = await requireSession(api, args.request);
  const parsed = parseForm(profileForm, await args.request.formData());
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400, headers: api.headers });

  const { name } = parsed.values;
  const image = parsed.values.image ?? null;
  const username = parsed.values.username ?? '';
  const current = publicUser(user);
  const body: { name: string; image?: string | null; username?: string } = { name };
  if (image !== current.image) body.image = image;
  // Only a changed username is sent: the gateway checks it is free, and ours already is.
  if (username && username.toLowerCase() !== (current.username ?? '').toLowerCase()) body.username = username;
  if (!username && current.username) {
    const errors = { fields: { username: 'Usernames can be changed but not removed. Type a new one or keep this one.' }, form: 'Please check the highlighted fields.' };
    return data<ActionResult>({ errors, values: { name, image: image ?? '', username } }, { status: 400, headers: api.headers });
  }
  const result = await call(api, routes.updateUser, body);
  if (!result.ok) {
    const errors = describeError(result.error, { name: 'name', image: 'image', username: 'username' });
    return data<ActionResult>(
      { errors, values: { name, image: image ?? '', username } },
      { status: failureStatus(result.status), headers: api.headers },
    );
  }
  return data<ActionResult>({ done: 'saved' }, { headers: api.headers });
}

export default function Profile() {
  const { user } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { props, errors } = useCheckedForm(profileForm, result?.errors);
  const values = result?.values ?? {};
  return (
    <section className="card" aria-labelledby="profile-title">
      <div className="card__header">
        <h2 id="profile-title">Profile</h2>
        <p className="muted">How you appear in Tend.</p>
      </div>
      {user.emailIsPlaceholder ? (
        // Not a live region: an invitation that stays, not news.
        <div className="notice notice--info">
          <p className="notice__title">We have no email address for you yet</p>
          <p>The service you signed in with doesn't share one. Add yours so we can reach you and you can sign in with it too.</p>
          <p className="spaced">
            <Link to="/account/email" className="button button--primary">
              Add your email address
            </Link>
          </p>
        </div>
      ) : null}
      {result?.done === 'saved' ? <Notice>Your profile is saved.</Notice> : null}
      <Form method="post" {...props} className="form">
        <FormAlert errors={errors}>
          <FreshSignInLink errors={errors} back="/account" />
        </FormAlert>
        <Field label="Name" name="name" autoComplete="name" defaultValue={values.name ?? user.name} error={errors?.fields.name} />
        <Field
          label="Username"
          name="username"
          optional={!user.username}
          autoComplete="username"
          defaultValue={values.username ?? user.username ?? ''}
          error={errors?.fields.username}
          hint="Letters, numbers, underscores and dots. You can sign in with it."
          spellCheck={false}
        />
        <Field
          label="Picture link"
          name="image"
          type="url"
          inputMode="url"
          optional
          autoComplete="photo"
          defaultValue={values.image ?? user.image ?? ''}
          error={errors?.fields.image}
          hint="A web address of an image, starting with https://. Leave empty for your initial."
        />
        <div>
          <SubmitButton pendingText="Saving…">Save profile</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
