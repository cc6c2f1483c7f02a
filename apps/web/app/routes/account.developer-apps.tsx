// Developer apps (/account/developer-apps): the OAuth clients a person registered to offer "Sign
// in with Tend" in their own apps. Create one (name, redirect URIs one per line, public or not),
// see its client ID and secret once (with Copy), rotate the secret (the new one shown once), and
// delete it after a confirmation step (`?delete=<client_id>`, so it works without JavaScript).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { ConfirmDeletion } from '../components/confirm-deletion';
import { AppLogo } from '../components/oauth/app-identity';
import { ClientCredentials, TextArea } from '../components/oauth/fields';
import { Checkbox, Field, FormAlert, LocalTime, Notice, SubmitButton, useCheckedForm, useResetAfter } from '../components/forms';
import { FreshSignInLink } from '../components/fresh-sign-in';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { call } from '../lib/call.server';
import { linesOf, newOAuthClientForm } from '../lib/form-schemas';
import { formatLocal } from '../lib/format';
import { parseForm, text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { clientRow, describeOAuthError, type ClientRow } from '../lib/oauth.server';
import { stylesheets } from '../lib/stylesheets';
import oauthStyles from '../styles/oauth.css?url';

export const links = stylesheets(oauthStyles);

export const meta: MetaFunction = () => [{ title: 'Developer apps · Tend' }];

const PAGE = '/account/developer-apps';

/** What the action answers: a secret travels in this answer only, once. */
interface AppsResult extends ActionResult {
  credentials?: { name: string; clientId: string; secret?: string; rotated: boolean };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const confirmDelete = new URL(args.request.url).searchParams.get('delete');
  const result = await call(api, routes.getOAuthClients);
  if (!result.ok) return data({ apps: [] as ClientRow[], error: describeOAuthError(result.error).form ?? null, confirmDelete: null }, { headers: api.headers });
  // Newest first: the app just made is at the top.
  const apps = result.data.map(clientRow).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return data({ apps, error: null, confirmDelete: apps.some((app) => app.clientId === confirmDelete) ? confirmDelete : null }, { headers: api.headers });
}

/** The answer that holds a secret: never stored by the browser or a proxy. */
function secretHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.set('Cache-Control', 'no-store');
  return copy;
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const fail = (errors: AppsResult['errors'], status: number, extra: Partial<AppsResult> = {}) => data<AppsResult>({ intent, errors, ...extra }, { status, headers: api.headers });

  if (intent === 'create') {
    const parsed = parseForm(newOAuthClientForm, form);
    if (!parsed.ok) return fail(parsed.errors, 400, { values: parsed.values });
    const { name, redirectUris, publicClient } = parsed.values;
    const result = await call(api, routes.createOAuthClient, {
      client_name: name,
      redirect_uris: linesOf(redirectUris),
      ...(publicClient ? { token_endpoint_auth_method: 'none' as const } : {}),
    });
    if (!result.ok) return fail(describeOAuthError(result.error, { redirectUris: 'redirectUris', name: 'name' }), failureStatus(result.status), { values: { name, redirectUris } });
    const credentials = { name: result.data.client_name ?? name, clientId: result.data.client_id, secret: result.data.client_secret, rotated: false };
    return data<AppsResult>({ intent, done: 'created', credentials }, { headers: secretHeaders(api.headers) });
  }

  const [verb = '', clientId = ''] = intent.split(':');
  const name = text(form, 'appName') || 'The app';
  if (!clientId) return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
  if (verb === 'rotate') {
    const result = await call(api, routes.rotateOAuthClientSecret, { client_id: clientId });
    if (!result.ok) return fail(describeOAuthError(result.error), failureStatus(result.status));
    const credentials = { name, clientId: result.data.client_id, secret: result.data.client_secret, rotated: true };
    return data<AppsResult>({ intent, done: 'rotated', credentials }, { headers: secretHeaders(api.headers) });
  }
  if (verb === 'delete') {
    const result = await call(api, routes.deleteOAuthClient, { client_id: clientId });
    if (!result.ok) return fail(describeOAuthError(result.error), failureStatus(result.status));
    return data<AppsResult>({ intent, done: 'deleted', detail: name }, { headers: api.headers });
  }
  return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
}

/** A refused action on an app (gone in another window) still reloads the list. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const intent = (actionResult as AppsResult | undefined)?.intent;
  return intent && intent !== 'create' ? true : defaultShouldRevalidate;
};

export default function DeveloperApps() {
  const { apps, error, confirmDelete } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as AppsResult | undefined;
  const creating = result?.intent === 'create';
  const create = useCheckedForm(newOAuthClientForm, creating ? result.errors : undefined);
  const createForm = useResetAfter(creating ? result : undefined);
  const appErrors = result?.intent && !creating ? result.errors : undefined;
  const refill = creating && !result.credentials ? result.values : undefined;
  return (
    <section className="card" aria-labelledby="developer-apps-title">
      <div className="card__header">
        <h2 id="developer-apps-title">Developer apps</h2>
        <p className="muted">
          Register your own apps so people can sign in to them with Tend (OAuth 2.1 and OpenID Connect). Each app gets a client ID; apps that run on a
          server also get a secret.
        </p>
      </div>

      {result?.credentials ? (
        <ClientCredentials
          title={result.credentials.rotated ? `A new secret for “${result.credentials.name}”` : `Your new app “${result.credentials.name}”`}
          clientId={result.credentials.clientId}
          secret={result.credentials.secret}
        />
      ) : null}
      {result?.done === 'deleted' && result.detail ? <Notice>{`“${result.detail}” is deleted. It can no longer sign anyone in.`}</Notice> : null}

      <h3>Register an app</h3>
      <Form method="post" {...create.props} className="form oauth-form" ref={createForm}>
        <FormAlert errors={create.errors}>
          <FreshSignInLink errors={create.errors} back={PAGE} />
        </FormAlert>
        <Field label="App name" name="name" hint="People see it when your app asks for access." defaultValue={refill?.name} error={create.errors?.fields.name} />
        <TextArea
          id="field-redirectUris"
          name="redirectUris"
          label="Redirect URIs"
          hint="One per line: where Tend sends people back to your app, like https://app.example.com/callback."
          defaultValue={refill?.redirectUris}
          error={create.errors?.fields.redirectUris}
        />
        <Checkbox
          label="Public client"
          name="publicClient"
          hint="For apps that cannot keep a secret (in a browser or on a phone): no secret, PKCE only."
        />
        <div>
          <SubmitButton intent="create" pendingText="Creating…">
            Create app
          </SubmitButton>
        </div>
      </Form>

      <hr className="divider" />
      <h3>Your apps</h3>
      {error ? (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      ) : null}
      <FormAlert errors={appErrors} />
      {apps.length ? (
        <ul className="oauth-apps" aria-label="Your developer apps">
          {apps.map((app) => (
            <DeveloperApp key={app.clientId} app={app} confirming={app.clientId === confirmDelete} />
          ))}
        </ul>
      ) : error ? null : (
        <p className="muted">You haven’t registered any apps yet.</p>
      )}
    </section>
  );
}

function DeveloperApp({ app, confirming }: { app: ClientRow; confirming: boolean }) {
  const titleId = `developer-app-${app.clientId}`;
  return (
    <li className="oauth-app">
      <div className="oauth-app__body">
        <AppLogo name={app.name} logoUri={app.logoUri} />
        <div>
          <h4 className="oauth-app__name" id={titleId}>
            {app.name} <span className="badge badge--ok">{app.publicClient ? 'Public' : 'Confidential'}</span>
          </h4>
          <dl className="facts">
            <dt>Client ID</dt>
            <dd>
              <code className="oauth-code">{app.clientId}</code>
            </dd>
            <dt>Redirect URIs</dt>
            <dd>
              {app.redirectUris.map((uri) => (
                <span key={uri} className="oauth-code oauth-code--line">
                  {uri}
                </span>
              ))}
            </dd>
            <dt>Created</dt>
            <dd>
              <LocalTime iso={app.createdAt} utc={app.createdUtc} local={formatLocal} />
            </dd>
          </dl>
          {confirming ? <ConfirmDelete app={app} /> : null}
        </div>
      </div>
      {confirming ? null : (
        <div className="oauth-app__actions">
          {app.publicClient ? null : (
            <Form method="post">
              <input type="hidden" name="appName" value={app.name} />
              <SubmitButton intent={`rotate:${app.clientId}`} pendingText="Rotating…" variant="secondary">
                <span>
                  Rotate secret<span className="visually-hidden"> of {app.name}</span>
                </span>
              </SubmitButton>
            </Form>
          )}
          <Form method="get">
            <input type="hidden" name="delete" value={app.clientId} />
            <button type="submit" className="button button--danger">
              Delete<span className="visually-hidden"> {app.name}</span>
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}

/** The confirmation step of Delete: what it does, and the two ways out. */
function ConfirmDelete({ app }: { app: ClientRow }) {
  return (
    <ConfirmDeletion
      page={PAGE}
      question={`Delete “${app.name}”?`}
      consequence="It can no longer sign anyone in, and its tokens stop working. This cannot be undone."
      hidden={{ appName: app.name }}
      intent={`delete:${app.clientId}`}
      confirm="Yes, delete app"
    />
  );
}
