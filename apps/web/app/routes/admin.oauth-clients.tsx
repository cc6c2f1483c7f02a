// OAuth clients in the admin console (/admin/oauth-clients): every app registered with Tend's
// identity provider (GET /admin/oauth2/clients), creating one with what only site admins may give
// (client-credentials scopes, sign-out through end-session and where it returns), its ID and
// secret shown once, and deleting one after a confirmation step (`?delete=<client_id>`).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { ConfirmDeletion } from '../components/confirm-deletion';
import { AdminNav } from '../components/admin/admin-nav';
import { Checkbox, Field, FormAlert, LocalTime, Notice, SubmitButton, useCheckedForm, useResetAfter } from '../components/forms';
import { AppLogo } from '../components/oauth/app-identity';
import { ClientCredentials, TextArea } from '../components/oauth/fields';
import { failureStatus, type ActionResult } from '../lib/actions';
import { describeAdminError, requireAdmin } from '../lib/admin.server';
import { call } from '../lib/call.server';
import { adminOAuthClientForm, linesOf, wordsOf } from '../lib/form-schemas';
import { formatLocal } from '../lib/format';
import { parseForm, text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { clientRow, describeOAuthError, type ClientRow } from '../lib/oauth.server';
import { stylesheets } from '../lib/stylesheets';
import adminStyles from '../styles/admin.css?url';
import oauthStyles from '../styles/oauth.css?url';

export const links = stylesheets(adminStyles, oauthStyles);

export const meta: MetaFunction = () => [{ title: 'OAuth clients · Admin · Tend' }];

const PAGE = '/admin/oauth-clients';
const PAGE_SIZE = 100;

interface ClientsResult extends ActionResult {
  credentials?: { name: string; clientId: string; secret?: string };
}

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireAdmin(api, args.request);
  const confirmDelete = new URL(args.request.url).searchParams.get('delete');
  const result = await call(api, routes.adminListOAuthClients, { limit: PAGE_SIZE });
  if (!result.ok) {
    return data({ clients: [] as ClientRow[], total: 0, problem: describeAdminError(result.error).form ?? null, confirmDelete: null }, { status: failureStatus(result.status), headers: api.headers });
  }
  const clients = result.data.clients.map(clientRow).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const confirming = clients.some((client) => client.clientId === confirmDelete) ? confirmDelete : null;
  return data({ clients, total: result.data.total, problem: null, confirmDelete: confirming }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireAdmin(api, args.request);
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const fail = (errors: ClientsResult['errors'], status: number, extra: Partial<ClientsResult> = {}) => data<ClientsResult>({ intent, errors, ...extra }, { status, headers: api.headers });

  if (intent === 'create') {
    const parsed = parseForm(adminOAuthClientForm, form);
    if (!parsed.ok) return fail(parsed.errors, 400, { values: parsed.values });
    const { name, redirectUris, publicClient, clientCredentialsScopes, enableEndSession, postLogoutRedirectUris } = parsed.values;
    const scopes = wordsOf(clientCredentialsScopes ?? '');
    const logoutUris = linesOf(postLogoutRedirectUris ?? '');
    const result = await call(api, routes.adminCreateOAuthClient, {
      client_name: name,
      redirect_uris: linesOf(redirectUris),
      ...(publicClient ? { token_endpoint_auth_method: 'none' as const } : {}),
      ...(scopes.length ? { client_credentials_scopes: scopes, grant_types: ['authorization_code', 'refresh_token', 'client_credentials'] } : {}),
      enable_end_session: enableEndSession ?? false,
      ...(logoutUris.length ? { post_logout_redirect_uris: logoutUris } : {}),
    });
    if (!result.ok) {
      const values = { name, redirectUris, clientCredentialsScopes: clientCredentialsScopes ?? '', postLogoutRedirectUris: postLogoutRedirectUris ?? '' };
      return fail(describeOAuthError(result.error, { redirectUris: 'redirectUris', name: 'name' }), failureStatus(result.status), { values });
    }
    const headers = new Headers(api.headers);
    headers.set('Cache-Control', 'no-store');
    return data<ClientsResult>({ intent, done: 'created', credentials: { name: result.data.client_name ?? name, clientId: result.data.client_id, secret: result.data.client_secret } }, { headers });
  }

  const [verb = '', clientId = ''] = intent.split(':');
  const name = text(form, 'appName') || 'The client';
  if (verb !== 'delete' || !clientId) return fail({ fields: {}, form: 'Something went wrong. Please reload the page and try again.' }, 400);
  const result = await call(api, routes.adminDeleteOAuthClient, { client_id: clientId });
  if (!result.ok) return fail(describeOAuthError(result.error), failureStatus(result.status));
  return data<ClientsResult>({ intent, done: 'deleted', detail: name }, { headers: api.headers });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const intent = (actionResult as ClientsResult | undefined)?.intent;
  return intent && intent !== 'create' ? true : defaultShouldRevalidate;
};

export default function AdminOAuthClients() {
  const { clients, total, problem, confirmDelete } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ClientsResult | undefined;
  const creating = result?.intent === 'create';
  const create = useCheckedForm(adminOAuthClientForm, creating ? result.errors : undefined);
  const createForm = useResetAfter(creating ? result : undefined);
  const refill = creating && !result.credentials ? result.values : undefined;
  const clientErrors = result?.intent && !creating ? result.errors : undefined;
  return (
    <div className="admin-page">
      <AdminNav />
      <div className="admin-page__intro">
        <p className="admin-eyebrow">Site administration</p>
        <h1>OAuth clients</h1>
        <p className="muted">Every app that signs people in with Tend: the ones people registered under Developer apps, and the ones made here.</p>
      </div>
      {result?.credentials ? <ClientCredentials title={`The new client “${result.credentials.name}”`} clientId={result.credentials.clientId} secret={result.credentials.secret} /> : null}
      {result?.done === 'deleted' && result.detail ? <Notice>{`“${result.detail}” is deleted. It can no longer sign anyone in.`}</Notice> : null}

      <section className="card admin-card" aria-labelledby="clients-title">
        <h2 id="clients-title">All clients {total > 0 ? <span className="muted">({total})</span> : null}</h2>
        {problem ? (
          <div role="alert" className="alert alert--error">
            <p>{problem}</p>
          </div>
        ) : null}
        <FormAlert errors={clientErrors} />
        {clients.length ? (
          <ul className="oauth-apps" aria-label="OAuth clients">
            {clients.map((client) => (
              <ClientItem key={client.clientId} client={client} confirming={client.clientId === confirmDelete} />
            ))}
          </ul>
        ) : problem ? null : (
          <p className="muted">No apps are registered yet.</p>
        )}
      </section>

      <section className="card admin-card" aria-labelledby="create-client-title">
        <h2 id="create-client-title">Create a client</h2>
        <Form method="post" {...create.props} className="form oauth-form" ref={createForm}>
          <FormAlert errors={create.errors} />
          <Field label="App name" name="name" defaultValue={refill?.name} error={create.errors?.fields.name} />
          <TextArea
            id="field-redirectUris"
            name="redirectUris"
            label="Redirect URIs"
            hint="One per line, like https://app.example.com/callback."
            defaultValue={refill?.redirectUris}
            error={create.errors?.fields.redirectUris}
          />
          <Checkbox label="Public client" name="publicClient" hint="No secret, PKCE only (apps in a browser or on a phone)." />
          <Field
            label="Client credentials scopes"
            name="clientCredentialsScopes"
            optional
            hint="Separated by spaces. The app may then get tokens for itself, with these scopes and no user."
            defaultValue={refill?.clientCredentialsScopes}
            error={create.errors?.fields.clientCredentialsScopes}
            spellCheck={false}
          />
          <Checkbox label="Allow sign-out from the app" name="enableEndSession" hint="The app may end the person’s Tend session (OpenID Connect end-session)." />
          <TextArea
            id="field-postLogoutRedirectUris"
            name="postLogoutRedirectUris"
            label="Post-logout redirect URIs"
            optional
            hint="One per line: where the app may send people after signing them out."
            defaultValue={refill?.postLogoutRedirectUris}
            error={create.errors?.fields.postLogoutRedirectUris}
          />
          <div>
            <SubmitButton intent="create" pendingText="Creating…">
              Create client
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

function ClientItem({ client, confirming }: { client: ClientRow; confirming: boolean }) {
  return (
    <li className="oauth-app">
      <div className="oauth-app__body">
        <AppLogo name={client.name} logoUri={client.logoUri} />
        <div>
          <h3 className="oauth-app__name">
            {client.name} <span className="badge badge--ok">{client.publicClient ? 'Public' : 'Confidential'}</span>
            {client.disabled ? <span className="badge badge--wait">Disabled</span> : null}
          </h3>
          <dl className="facts">
            <dt>Client ID</dt>
            <dd>
              <code className="oauth-code">{client.clientId}</code>
            </dd>
            <dt>Owner</dt>
            <dd>{client.userId ? <Link to={`/admin/users/${encodeURIComponent(client.userId)}`}>{client.userId}</Link> : 'Site administration'}</dd>
            <dt>Redirect URIs</dt>
            <dd>
              {client.redirectUris.map((uri) => (
                <span key={uri} className="oauth-code oauth-code--line">
                  {uri}
                </span>
              ))}
            </dd>
            {client.clientCredentialsScopes.length ? (
              <>
                <dt>Client credentials</dt>
                <dd>{client.clientCredentialsScopes.join(' ')}</dd>
              </>
            ) : null}
            <dt>Sign-out</dt>
            <dd>{client.endSession ? 'Allowed' : 'Not allowed'}</dd>
            <dt>Created</dt>
            <dd>
              <LocalTime iso={client.createdAt} utc={client.createdUtc} local={formatLocal} />
            </dd>
          </dl>
          {confirming ? <ConfirmDelete client={client} /> : null}
        </div>
      </div>
      {confirming ? null : (
        <Form method="get" className="oauth-app__actions">
          <input type="hidden" name="delete" value={client.clientId} />
          <button type="submit" className="button button--danger">
            Delete<span className="visually-hidden"> {client.name}</span>
          </button>
        </Form>
      )}
    </li>
  );
}

function ConfirmDelete({ client }: { client: ClientRow }) {
  return (
    <ConfirmDeletion
      page={PAGE}
      question={`Delete “${client.name}”?`}
      consequence="It can no longer sign anyone in, and its tokens stop working. This cannot be undone."
      hidden={{ appName: client.name }}
      intent={`delete:${client.clientId}`}
      confirm="Yes, delete client"
    />
  );
}
