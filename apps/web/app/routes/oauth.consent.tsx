// Authorize (/oauth/consent?<oauth_query>): an app asks to sign the person in with Tend. The page
// names the app (logo, name, link), the access it asks for in words, and the account it is for;
// Allow and Deny answer the gateway (POST /oauth2/consent), which answers where the browser goes
// next: the app's redirect URI, with a code or `error=access_denied`. Use another account signs
// out and starts the sign-in again with the same request.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { routes } from '@tend/contracts';
import { AppLink, AppLogo, ScopeList } from '../components/oauth/app-identity';
import { FormAlert, SubmitButton } from '../components/forms';
import { ScriptedMarker } from '../components/providers/continue-to-provider';
import { failureStatus } from '../lib/actions';
import { expireCookies } from '../lib/auth.server';
import { call } from '../lib/call.server';
import type { FormErrors } from '../lib/errors';
import { checked, text } from '../lib/forms';
import { gateway } from '../lib/gateway.server';
import { describeOAuthError } from '../lib/oauth.server';
import { signedQuery } from '../lib/sign-in-flow.server';
import { stylesheets } from '../lib/stylesheets';
import authStyles from '../styles/auth.css?url';
import oauthStyles from '../styles/oauth.css?url';

export const links = stylesheets(authStyles, oauthStyles);

export const meta: MetaFunction = () => [{ title: 'Authorize · Tend' }];

/** Where sign-in starts again for this request (the gateway's own form of the address). */
const signInFor = (oauthQuery: string) => `/sign-in?${oauthQuery}`;

export async function loader(args: LoaderFunctionArgs) {
  const oauthQuery = signedQuery(new URL(args.request.url).search);
  if (!oauthQuery) return data({ oauthQuery: null, info: null, problem: describeOAuthError({ code: 'INVALID_REQUEST' }).form ?? null }, { status: 400 });
  const api = gateway(args);
  const result = await call(api, routes.oauthConsentInfo, { oauth_query: oauthQuery });
  if (!result.ok) {
    // Signed out meanwhile (or never signed in): sign in first, then come back here.
    if (result.status === 401) throw redirect(signInFor(oauthQuery), { headers: api.headers });
    return data({ oauthQuery, info: null, problem: describeOAuthError(result.error).form ?? null }, { status: failureStatus(result.status), headers: api.headers });
  }
  const { client, scopes, user } = result.data;
  const info = {
    name: client.client_name || 'An app',
    clientUri: client.client_uri,
    logoUri: client.logo_uri,
    scopes,
    account: { name: user.name, email: user.email },
  };
  return data({ oauthQuery, info, problem: null }, { headers: api.headers });
}

interface ConsentResult {
  errors?: FormErrors;
  /** Without scripts a form may not be redirected to another origin: the page moves on by itself. */
  continueTo?: { url: string; accepted: boolean };
}

export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  const intent = text(form, 'intent');
  const oauthQuery = signedQuery(text(form, 'oauth_query'));
  if (!oauthQuery) return data<ConsentResult>({ errors: describeOAuthError({ code: 'INVALID_REQUEST' }) }, { status: 400 });
  const api = gateway(args);

  if (intent === 'another-account') {
    await call(api, routes.signOut);
    throw redirect(signInFor(oauthQuery), { headers: expireCookies(api) });
  }
  const accept = intent === 'allow';
  const result = await call(api, routes.oauthConsent, { accept, oauth_query: oauthQuery });
  if (!result.ok) {
    if (result.status === 401) throw redirect(signInFor(oauthQuery), { headers: api.headers });
    return data<ConsentResult>({ errors: describeOAuthError(result.error) }, { status: failureStatus(result.status), headers: api.headers });
  }
  if (checked(form, 'scripted')) throw redirect(result.data.url, { headers: api.headers });
  return data<ConsentResult>({ continueTo: { url: result.data.url, accepted: accept } }, { headers: api.headers });
}

export default function Authorize() {
  const { oauthQuery, info, problem } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ConsentResult | undefined;
  const name = info?.name ?? 'the app';

  if (result?.continueTo) {
    const { url, accepted } = result.continueTo;
    return (
      <section className="card card--narrow consent" aria-labelledby="consent-title">
        <h1 id="consent-title">Authorize</h1>
        <div className="notice notice--info" role="status">
          <meta httpEquiv="refresh" content={`0;url=${url}`} />
          <p className="notice__title">Taking you back to {name}…</p>
          <p>{accepted ? `You allowed ${name} to sign you in.` : `You said no: ${name} gets no access.`}</p>
          <p>
            <a href={url} className="button button--primary">
              Continue to {name}
            </a>
          </p>
        </div>
      </section>
    );
  }

  if (!info || !oauthQuery) {
    return (
      <section className="card card--narrow consent" aria-labelledby="consent-title">
        <h1 id="consent-title">Authorize</h1>
        <div role="alert" className="alert alert--error">
          <p>{problem ?? 'Something went wrong. Go back to the app and start again.'}</p>
        </div>
      </section>
    );
  }

  return (
    <section className="card card--narrow consent" aria-labelledby="consent-title">
      <div className="card__header">
        <h1 id="consent-title">Authorize</h1>
        <div className="consent__app">
          <AppLogo name={info.name} logoUri={info.logoUri} size="large" />
          <div>
            <p className="consent__app-name">{info.name}</p>
            <AppLink uri={info.clientUri} name={info.name} />
          </div>
        </div>
        <p className="lead">
          <strong>{info.name}</strong> wants to use your Tend account.
        </p>
      </div>
      <FormAlert errors={result?.errors} />
      <h2 id="consent-scopes" className="consent__subtitle">
        It will be able to
      </h2>
      <ScopeList scopes={info.scopes} labelledBy="consent-scopes" />
      <div className="consent__account">
        <p>
          <span className="muted">Signed in as</span> <strong>{info.account.name}</strong> <span className="consent__email">{info.account.email}</span>
        </p>
        <Form method="post" className="consent__switch">
          <input type="hidden" name="oauth_query" value={oauthQuery} />
          <SubmitButton intent="another-account" pendingText="Signing out…" variant="secondary">
            Use another account
          </SubmitButton>
        </Form>
      </div>
      <Form method="post" className="button-row consent__answer">
        <input type="hidden" name="oauth_query" value={oauthQuery} />
        <ScriptedMarker />
        <SubmitButton intent="allow" pendingText="Allowing…">
          Allow
        </SubmitButton>
        <SubmitButton intent="deny" pendingText="Denying…" variant="secondary">
          Deny
        </SubmitButton>
      </Form>
      <p className="small muted">
        You can remove {info.name}’s access at any time under Account, Connected apps.
      </p>
    </section>
  );
}
