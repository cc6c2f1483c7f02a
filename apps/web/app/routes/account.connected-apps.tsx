// Connected apps (/account/connected-apps): the apps the person allowed to sign them in with Tend
// (GET /oauth2/get-consents), each with the access it has, and Revoke access (POST
// /oauth2/delete-consent): the next time the app asks, Tend asks the person again.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { AppLink, AppLogo, ScopeList } from '../components/oauth/app-identity';
import { FormAlert, LocalTime, Notice, SubmitButton } from '../components/forms';
import { failureStatus, type ActionResult } from '../lib/actions';
import { requireSession } from '../lib/auth.server';
import { call } from '../lib/call.server';
import { formatLocal } from '../lib/format';
import { text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { consentRow, describeOAuthError, type ConsentRow } from '../lib/oauth.server';
import { stylesheets } from '../lib/stylesheets';
import oauthStyles from '../styles/oauth.css?url';

export const links = stylesheets(oauthStyles);

export const meta: MetaFunction = () => [{ title: 'Connected apps · Tend' }];

export async function loader(args: LoaderFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const result = await call(api, routes.getOAuthConsents);
  if (!result.ok) return data({ apps: [] as ConsentRow[], error: describeOAuthError(result.error).form ?? null }, { headers: api.headers });
  return data({ apps: result.data.map(consentRow), error: null }, { headers: api.headers });
}

export async function action(args: ActionFunctionArgs) {
  const api = gateway(args);
  await requireSession(api, args.request);
  const form = await args.request.formData();
  const [verb = '', id = ''] = text(form, 'intent').split(':');
  const name = text(form, 'appName') || 'The app';
  if (verb !== 'revoke' || !id) return data<ActionResult>({ errors: { fields: {}, form: 'Something went wrong. Please reload the page and try again.' } }, { status: 400 });
  const result = await call(api, routes.deleteOAuthConsent, { id });
  if (!result.ok) return data<ActionResult>({ intent: 'revoke', errors: describeOAuthError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
  return data<ActionResult>({ intent: 'revoke', done: 'revoked', detail: name }, { headers: api.headers });
}

/** A refused revoke (already gone in another window) still reloads the list. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.intent === 'revoke' ? true : defaultShouldRevalidate;

export default function ConnectedApps() {
  const { apps, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <section className="card" aria-labelledby="connected-apps-title">
      <div className="card__header">
        <h2 id="connected-apps-title">Connected apps</h2>
        <p className="muted">Apps you allowed to sign you in with your Tend account, and what each may see. Revoke an app’s access and it has to ask you again.</p>
      </div>
      {result?.done === 'revoked' && result.detail ? <Notice>{`${result.detail} no longer has access to your account.`}</Notice> : null}
      <FormAlert errors={result?.errors} />
      {error ? (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      ) : null}
      {apps.length ? (
        <ul className="oauth-apps" aria-label="Your connected apps">
          {apps.map((app) => (
            <ConnectedApp key={app.id} app={app} />
          ))}
        </ul>
      ) : error ? null : (
        <p className="muted">No apps are connected to your account.</p>
      )}
    </section>
  );
}

function ConnectedApp({ app }: { app: ConsentRow }) {
  const titleId = `connected-app-${app.id}`;
  return (
    <li className="oauth-app">
      <div className="oauth-app__body">
        <AppLogo name={app.name} logoUri={app.logoUri} />
        <div>
          <h3 className="oauth-app__name" id={titleId}>
            {app.name}
          </h3>
          <AppLink uri={app.clientUri} name={app.name} />
          <p className="small muted">
            Connected <LocalTime iso={app.createdAt} utc={app.createdUtc} local={formatLocal} />
          </p>
          <h4 className="visually-hidden" id={`${titleId}-scopes`}>
            What {app.name} may do
          </h4>
          <ScopeList scopes={app.scopes} labelledBy={`${titleId}-scopes`} />
        </div>
      </div>
      <Form method="post" className="oauth-app__actions">
        <input type="hidden" name="appName" value={app.name} />
        <SubmitButton intent={`revoke:${app.id}`} pendingText="Revoking…" variant="danger" describedBy={titleId}>
          Revoke access
        </SubmitButton>
      </Form>
    </li>
  );
}
