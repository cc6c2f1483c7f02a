import { routes } from '@tend/contracts';
import { OAUTH_PROVIDER_ERRORS } from '@tend/oauth-provider';
import { SESSION_ERRORS } from '@tend/sessions';
import type { AuditEntry, AuditOutcome } from '../../http/endpoint.js';
import { endpoint } from '../../http/endpoint.js';
import type { Auth } from '../../http/session.js';
import { adminAuth, deniedOf } from '../admin/guard.js';
import { settingsOf } from '../settings.js';
import { oauth } from './http.js';
import { oauthProviderSettings } from './settings.js';
import { OAUTH } from './tokens.js';

const tags = ['Identity provider: clients'];
const E = OAUTH_PROVIDER_ERRORS;
const metadataErrors = [E.INVALID_CLIENT_METADATA, E.INVALID_REDIRECT_URI];
const ownerErrors = [E.CLIENT_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED];
/** Site admins manage every client (the admin role's `user:create`). */
const adminClients = adminAuth('create-user');

const clientAudit =
  (action: string) =>
  (outcome: AuditOutcome, call: { auth: Auth | null; body: object }): AuditEntry | null => {
    if (!outcome.ok) return null;
    const clientId = (call.body as { client_id?: string }).client_id ?? (outcome.result as { client_id?: string } | null)?.client_id ?? null;
    return { action, actorId: call.auth?.user.id ?? null, targetUserId: null, detail: { clientId } };
  };

export const createClient = endpoint({
  ...routes.createOAuthClient,
  summary: 'Register an OAuth client owned by the signed-in user',
  description:
    'Answers 201 with `client_id`, the `client_secret` this once (`token_endpoint_auth_method` `client_secret_basic` by default; `none` gets none), `client_secret_expires_at: 0` and `user_id`. Only the secret’s hash is stored.',
  tags,
  auth: 'session',
  errors: [...metadataErrors, SESSION_ERRORS.UNAUTHORIZED],
  audit: clientAudit('oauth.client.create'),
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body, auth }) => oauth(() => deps.clients.create('owner', body, auth.user.id)),
});

export const registerClient = endpoint({
  ...routes.oauthRegister,
  summary: 'Dynamic client registration (RFC 7591)',
  description:
    'On with `AUTH_OAUTH_DYNAMIC_REGISTRATION=on`; needs no session. A public (`none`) or native client with a loopback redirect gets no secret; `http` redirects on other hosts: 400 `invalid_redirect_uri`; `client_credentials`: 400 `invalid_client_metadata`.',
  tags,
  auth: 'public',
  enabled: (config) => settingsOf(config, oauthProviderSettings).dynamicRegistration,
  errors: metadataErrors,
  audit: clientAudit('oauth.client.create'),
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body }) => oauth(() => deps.clients.create('dynamic', body, null)),
});

export const getClients = endpoint({
  ...routes.getOAuthClients,
  summary: 'The signed-in user’s OAuth clients (never their secrets)',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, auth }) => deps.clients.listOwned(auth.user.id),
});

export const getClient = endpoint({
  ...routes.getOAuthClient,
  summary: 'One of the signed-in user’s OAuth clients',
  description: 'Another user’s client, or none: 404 `not_found`.',
  tags,
  auth: 'session',
  errors: ownerErrors,
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, query, auth }) => oauth(() => deps.clients.getOwned(auth.user.id, query.client_id)),
});

export const getPublicClient = endpoint({
  ...routes.getOAuthPublicClient,
  summary: 'The name, logo and link of a client (the consent page’s)',
  tags,
  auth: 'session',
  errors: ownerErrors,
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, query }) => oauth(() => deps.clients.getPublic(query.client_id)),
});

export const updateClient = endpoint({
  ...routes.updateOAuthClient,
  summary: 'Change one of the signed-in user’s OAuth clients',
  description: 'The metadata is checked whole again, as at registration. A client cannot switch between public and confidential.',
  tags,
  auth: 'session',
  errors: [...metadataErrors, ...ownerErrors],
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body, auth }) => oauth(() => deps.clients.update(auth.user.id, body.client_id, body.update)),
});

export const rotateClientSecret = endpoint({
  ...routes.rotateOAuthClientSecret,
  summary: 'A new secret for one of the signed-in user’s confidential clients',
  description: 'The new `client_secret` is answered this once; the old one gets 401 `invalid_client` from then on.',
  tags,
  auth: 'session',
  errors: [E.INVALID_CLIENT_METADATA, ...ownerErrors],
  audit: clientAudit('oauth.client.rotate-secret'),
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body, auth }) => oauth(() => deps.clients.rotateSecret(auth.user.id, body.client_id)),
});

export const deleteClient = endpoint({
  ...routes.deleteOAuthClient,
  summary: 'Delete one of the signed-in user’s OAuth clients',
  description: 'Its consents go and its access tokens turn inactive; the token endpoint then answers 401 `invalid_client`.',
  tags,
  auth: 'session',
  errors: ownerErrors,
  audit: clientAudit('oauth.client.delete'),
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body, auth }) =>
    oauth(async () => {
      await deps.clients.deleteOwned(auth.user.id, body.client_id);
      return { success: true as const };
    }),
});

export const adminCreateClient = endpoint({
  ...routes.adminCreateOAuthClient,
  summary: 'Register an OAuth client (site admins)',
  description: 'Besides the owner’s fields: `client_credentials_scopes` (with the `client_credentials` grant), `enable_end_session` and `post_logout_redirect_uris`. `user_id` names an owner (none by default).',
  tags,
  auth: adminClients,
  errors: [...metadataErrors, SESSION_ERRORS.UNAUTHORIZED, deniedOf('create-user')],
  audit: clientAudit('oauth.client.create'),
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body }) => {
    const { user_id: owner, client_credentials_scopes: scopes, ...metadata } = body;
    const clientCredentialsScopes = typeof scopes === 'string' ? scopes.split(' ').filter(Boolean) : scopes;
    return oauth(() => deps.clients.create('admin', { ...metadata, client_credentials_scopes: clientCredentialsScopes }, owner ?? null));
  },
});

export const adminListClients = endpoint({
  ...routes.adminListOAuthClients,
  summary: 'Every OAuth client, newest first (site admins)',
  tags,
  auth: adminClients,
  errors: [SESSION_ERRORS.UNAUTHORIZED, deniedOf('create-user')],
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, query }) => deps.clients.list({ limit: query.limit ?? 50, offset: query.offset ?? 0 }),
});

export const adminDeleteClient = endpoint({
  ...routes.adminDeleteOAuthClient,
  summary: 'Delete any OAuth client (site admins)',
  tags,
  auth: adminClients,
  errors: [E.CLIENT_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED, deniedOf('create-user')],
  audit: clientAudit('oauth.client.delete'),
  deps: { clients: OAUTH.Clients },
  handler: ({ deps, body }) =>
    oauth(async () => {
      await deps.clients.delete(body.client_id);
      return { success: true as const };
    }),
});
