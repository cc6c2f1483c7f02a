// Tend as an identity provider, in the web app: the identity provider's error codes in plain
// words, and the clients and consents as the pages show them (never a secret but the one answer
// that creates or rotates it).
import type * as schemas from '@tend/contracts';
import type { Output } from '@tend/contracts';
import { describeError, type ErrorLike, type FormErrors } from './errors';
import { formatUtc } from './format';

export type OAuthClient = Output<typeof schemas.oauthClient>;
export type OAuthConsent = Output<typeof schemas.oauthConsent>;

const messages: Record<string, { field?: 'redirectUris' | 'name'; message: string }> = {
  INVALID_SIGNATURE: { message: 'This sign-in request was changed on its way here, so we can’t trust it. Go back to the app and start again.' },
  OAUTH_QUERY_EXPIRED: { message: 'This sign-in request has expired. Go back to the app and start again.' },
  INVALID_REQUEST: { message: 'This sign-in request is incomplete. Go back to the app and start again.' },
  INVALID_SCOPE: { message: 'The app asked for access Tend doesn’t give. Go back to the app and start again.' },
  INVALID_REDIRECT_URI: {
    field: 'redirectUris',
    message: 'Each redirect URI must be a full address starting with https:// (or http:// on localhost or 127.0.0.1, for a public client).',
  },
  INVALID_CLIENT_METADATA: { message: 'Tend can’t register an app with these settings. Check the redirect URIs and try again.' },
  NOT_FOUND: { message: 'That app no longer exists. It may have been deleted in another window.' },
  CLIENT_NOT_FOUND: { message: 'That app no longer exists. It may have been deleted in another window.' },
  CONSENT_NOT_FOUND: { message: 'That app’s access was already removed, maybe in another window.' },
};

/** The form errors for a refusal of an identity-provider route; other codes fall back to the shared table. */
export function describeOAuthError(error: ErrorLike, fields: { redirectUris?: string; name?: string } = {}): FormErrors {
  const entry = messages[error.code] ?? messages[error.code.toUpperCase()];
  if (!entry) return describeError(error, fields.name ? { name: fields.name } : {});
  const input = entry.field ? fields[entry.field] : undefined;
  if (input) return { fields: { [input]: entry.message }, code: error.code };
  return { form: entry.message, fields: {}, code: error.code };
}

/** A client as the pages show it: no secret (the gateway never answers one but once), dates in UTC for the first paint. */
export function clientRow(client: OAuthClient) {
  const issued = new Date(client.client_id_issued_at * 1000).toISOString();
  return {
    clientId: client.client_id,
    name: client.client_name || 'Unnamed app',
    clientUri: client.client_uri,
    logoUri: client.logo_uri,
    redirectUris: client.redirect_uris,
    postLogoutRedirectUris: client.post_logout_redirect_uris,
    publicClient: client.public || client.token_endpoint_auth_method === 'none',
    authMethod: client.token_endpoint_auth_method,
    clientCredentialsScopes: client.client_credentials_scopes,
    endSession: client.enable_end_session,
    disabled: client.disabled,
    userId: client.user_id,
    createdAt: issued,
    createdUtc: formatUtc(issued),
  };
}

export type ClientRow = ReturnType<typeof clientRow>;

/** A consent as Connected apps shows it. */
export function consentRow(consent: OAuthConsent) {
  return {
    id: consent.id,
    clientId: consent.clientId,
    name: consent.client?.client_name || 'An app that no longer exists',
    clientUri: consent.client?.client_uri ?? null,
    logoUri: consent.client?.logo_uri ?? null,
    scopes: consent.scopes,
    createdAt: consent.createdAt,
    createdUtc: formatUtc(consent.createdAt),
  };
}

export type ConsentRow = ReturnType<typeof consentRow>;
