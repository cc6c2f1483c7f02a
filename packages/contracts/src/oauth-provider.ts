// Tend as an OAuth 2.1 / OpenID Connect provider (issue 31), with the HTTP surface of
// @better-auth/oauth-provider 1.7 and better-auth's jwt plugin: RFC names (snake_case) on the
// OAuth routes, `{error, error_description}` beside Tend's `{code, message}` on their failures.
import { z } from 'zod';
import { LIMITS, line, oauthQueryInput, text, timestamp } from './primitives.js';
import { route } from './route.js';

const uri = () => line(LIMITS.url);
const uris = () => z.array(uri()).max(20);
const scopeString = () => line(1000);
const oauthText = (max: number = LIMITS.shortText) => text({ max });

/** A client as its owner, site admins and the consent page see it: never its secret, plain or hashed. */
export const oauthClient = z
  .object({
    client_id: z.string(),
    client_name: z.string().nullable(),
    client_uri: z.string().nullable(),
    logo_uri: z.string().nullable(),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'none']),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    scope: z.string().nullable(),
    client_credentials_scopes: z.array(z.string()),
    enable_end_session: z.boolean(),
    type: z.string(),
    public: z.boolean(),
    disabled: z.boolean(),
    user_id: z.string().nullable(),
    client_id_issued_at: z.number(),
    client_secret_expires_at: z.literal(0),
  })
  .meta({ id: 'OAuthClient' });
/** A client as created or given a new secret: the secret this once (confidential clients). */
export const oauthClientWithSecret = oauthClient.extend({ client_secret: z.string().optional() }).meta({ id: 'OAuthClientWithSecret' });

/** The metadata a client is registered with (RFC 7591 names). */
const clientMetadataFields = {
  redirect_uris: uris(),
  token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
  grant_types: z.array(line(100)).max(5).optional(),
  response_types: z.array(line(100)).max(5).optional(),
  client_name: oauthText().optional(),
  client_uri: uri().optional(),
  logo_uri: uri().optional(),
  scope: scopeString().optional(),
  type: z.enum(['web', 'native', 'user-agent-based']).optional(),
};
const adminClientFields = {
  client_credentials_scopes: z.union([z.array(line(100)).max(50), scopeString()]).optional(),
  enable_end_session: z.boolean().optional(),
  post_logout_redirect_uris: uris().optional(),
};
export const createOAuthClientBody = z.object(clientMetadataFields);
export const registerOAuthClientBody = z.object(clientMetadataFields);
export const adminCreateOAuthClientBody = z.object({ ...clientMetadataFields, ...adminClientFields, user_id: line(LIMITS.id).optional() });
export const clientIdInput = () => line(LIMITS.id).min(1);
export const getOAuthClientQuery = z.object({ client_id: clientIdInput() });
export const updateOAuthClientBody = z.object({
  client_id: clientIdInput(),
  update: z.object({
    redirect_uris: uris().optional(),
    client_name: oauthText().optional(),
    client_uri: uri().optional(),
    logo_uri: uri().optional(),
    scope: scopeString().optional(),
    grant_types: z.array(line(100)).max(5).optional(),
    token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
    disabled: z.boolean().optional(),
  }),
});
export const oauthClientIdBody = z.object({ client_id: clientIdInput() });
export const oauthClients = z.array(oauthClient);
export const adminOAuthClientsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export const adminOAuthClients = z.object({ clients: oauthClients, total: z.number() });
export const oauthDeleted = z.object({ success: z.literal(true) });

/** The public view of a client the consent page shows (name, logo, link; no owner). */
export const oauthClientPublic = z
  .object({ client_id: z.string(), client_name: z.string().nullable(), client_uri: z.string().nullable(), logo_uri: z.string().nullable() })
  .meta({ id: 'OAuthClientPublic' });
export const oauthPublicClientQuery = z.object({ client_id: clientIdInput() });

/** What the consent page needs: the client, the scopes asked, and who is signed in. */
export const oauthConsentInfoQuery = z.object({ oauth_query: oauthQueryInput() });
export const oauthConsentInfo = z.object({
  client: oauthClientPublic,
  scopes: z.array(z.string()),
  redirect_uri: z.string(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});

export const oauthConsentBody = z.object({ accept: z.boolean(), oauth_query: oauthQueryInput().optional(), scope: scopeString().optional() });
export const oauthRedirectReply = z.object({ redirect: z.literal(true), url: z.string() }).meta({ id: 'OAuthRedirect' });

export const oauthConsent = z
  .object({
    id: z.string(),
    clientId: z.string(),
    userId: z.string(),
    scopes: z.array(z.string()),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    client: oauthClientPublic.nullable(),
  })
  .meta({ id: 'OAuthConsent' });
export const oauthConsents = z.array(oauthConsent);
export const deleteOAuthConsentBody = z.object({ id: line(LIMITS.id).min(1) });

/** The authorization request (RFC 6749 §4.1.1, PKCE, OIDC); checked by the endpoint, which never redirects to an unregistered URI. */
const formValue = (max: number = LIMITS.url) => line(max).optional();
export const authorizeQuery = z
  .object({
    response_type: formValue(100),
    client_id: formValue(LIMITS.id),
    redirect_uri: formValue(),
    scope: formValue(1000),
    state: formValue(),
    nonce: formValue(),
    code_challenge: formValue(200),
    code_challenge_method: formValue(20),
    prompt: formValue(100),
    resource: formValue(),
  })
  .loose();

/** Token, introspection and revocation bodies come form-encoded (RFC 6749 §3.2); JSON is accepted too. */
export const tokenBody = z.object({
  grant_type: formValue(100),
  code: formValue(LIMITS.token),
  redirect_uri: formValue(),
  code_verifier: formValue(200),
  refresh_token: formValue(LIMITS.token),
  scope: formValue(1000),
  resource: formValue(),
  client_id: formValue(LIMITS.id),
  client_secret: formValue(LIMITS.token),
});
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  scope: z.string(),
});
export const introspectBody = z.object({ token: formValue(LIMITS.token), token_type_hint: formValue(100), client_id: formValue(LIMITS.id), client_secret: formValue(LIMITS.token) });
export const introspectResponse = z
  .object({
    active: z.boolean(),
    client_id: z.string().optional(),
    scope: z.string().optional(),
    sub: z.string().optional(),
    exp: z.number().optional(),
    iat: z.number().optional(),
    iss: z.string().optional(),
    aud: z.union([z.string(), z.array(z.string())]).optional(),
    token_type: z.string().optional(),
    sid: z.string().optional(),
  });
export const revokeBody = introspectBody;
export const userinfoResponse = z.object({ sub: z.string() }).loose();
export const endSessionQuery = z.object({ id_token_hint: formValue(LIMITS.token), post_logout_redirect_uri: formValue(), state: formValue(), client_id: formValue(LIMITS.id) });

export const jsonObject = z.object({}).loose();
export const jwksResponse = z.object({ keys: z.array(z.object({ kid: z.string(), kty: z.string(), alg: z.string() }).loose()) });
export const jwtTokenResponse = z.object({ token: z.string() });

// ------------------------------------------------------------------ routes

/** The identity provider's routes. The RFC 8414 / 9728 documents live at the site's root (`base: ''`). */
export const oauthProviderRoutes = {
  openidConfiguration: route({ method: 'get', path: '/.well-known/openid-configuration', response: jsonObject }),
  oauthServerMetadata: route({ method: 'get', path: '/.well-known/oauth-authorization-server', response: jsonObject }),
  oauthServerMetadataAtRoot: route({ base: '', method: 'get', path: '/.well-known/oauth-authorization-server/api/auth', response: jsonObject }),
  protectedResourceMetadata: route({ base: '', method: 'get', path: '/.well-known/oauth-protected-resource', response: jsonObject }),
  jwks: route({ method: 'get', path: '/jwks', response: jwksResponse }),
  getJwtToken: route({ method: 'get', path: '/token', response: jwtTokenResponse }),
  oauthAuthorize: route({ method: 'get', path: '/oauth2/authorize', query: authorizeQuery, response: 'redirect' }),
  oauthConsentInfo: route({ method: 'get', path: '/oauth2/consent-info', query: oauthConsentInfoQuery, response: oauthConsentInfo }),
  oauthConsent: route({ method: 'post', path: '/oauth2/consent', body: oauthConsentBody, response: oauthRedirectReply }),
  oauthToken: route({ method: 'post', path: '/oauth2/token', body: tokenBody, response: tokenResponse }),
  oauthUserinfo: route({ method: 'get', path: '/oauth2/userinfo', response: userinfoResponse }),
  oauthUserinfoPost: route({ method: 'post', path: '/oauth2/userinfo', response: userinfoResponse }),
  oauthIntrospect: route({ method: 'post', path: '/oauth2/introspect', body: introspectBody, response: introspectResponse }),
  oauthRevoke: route({ method: 'post', path: '/oauth2/revoke', body: revokeBody, response: jsonObject }),
  oauthEndSession: route({ method: 'get', path: '/oauth2/end-session', query: endSessionQuery, response: 'redirect' }),
  oauthRegister: route({ method: 'post', path: '/oauth2/register', body: registerOAuthClientBody, response: oauthClientWithSecret, status: 201 }),
  createOAuthClient: route({ method: 'post', path: '/oauth2/create-client', body: createOAuthClientBody, response: oauthClientWithSecret, status: 201 }),
  getOAuthClients: route({ method: 'get', path: '/oauth2/get-clients', response: oauthClients }),
  getOAuthClient: route({ method: 'get', path: '/oauth2/get-client', query: getOAuthClientQuery, response: oauthClient }),
  getOAuthPublicClient: route({ method: 'get', path: '/oauth2/public-client', query: oauthPublicClientQuery, response: oauthClientPublic }),
  updateOAuthClient: route({ method: 'post', path: '/oauth2/update-client', body: updateOAuthClientBody, response: oauthClient }),
  rotateOAuthClientSecret: route({ method: 'post', path: '/oauth2/client/rotate-secret', body: oauthClientIdBody, response: oauthClientWithSecret }),
  deleteOAuthClient: route({ method: 'post', path: '/oauth2/delete-client', body: oauthClientIdBody, response: oauthDeleted }),
  getOAuthConsents: route({ method: 'get', path: '/oauth2/get-consents', response: oauthConsents }),
  deleteOAuthConsent: route({ method: 'post', path: '/oauth2/delete-consent', body: deleteOAuthConsentBody, response: oauthDeleted }),
  adminCreateOAuthClient: route({ method: 'post', path: '/admin/oauth2/create-client', body: adminCreateOAuthClientBody, response: oauthClientWithSecret, status: 201 }),
  adminListOAuthClients: route({ method: 'get', path: '/admin/oauth2/clients', query: adminOAuthClientsQuery, response: adminOAuthClients }),
  adminDeleteOAuthClient: route({ method: 'post', path: '/admin/oauth2/delete-client', body: oauthClientIdBody, response: oauthDeleted }),
};
