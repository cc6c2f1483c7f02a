import type { Request, Response } from 'express';
import { routes, tokenBody, introspectBody } from '@tend/contracts';
import { OAUTH_PROVIDER_ERRORS, type OAuthClientRecord, type OAuthClients } from '@tend/oauth-provider';
import { endpoint, redirect } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { bearerToken, clientCredentials, formOrJson, oauth } from './http.js';
import { OAUTH } from './tokens.js';

const tags = ['Identity provider: tokens'];
const E = OAUTH_PROVIDER_ERRORS;

export const token = endpoint({
  ...routes.oauthToken,
  summary: 'The token endpoint: authorization_code, refresh_token, client_credentials',
  description: [
    'Form-encoded (or JSON). The client authenticates with HTTP Basic or `client_id` / `client_secret` in the body (a public client sends only `client_id` and the PKCE `code_verifier`). Unknown, deleted or disabled clients and wrong secrets: 401 `invalid_client`.',
    '`access_token` (a JWT verifiable with `/jwks`), `token_type: Bearer`, `expires_in` 3600; a `refresh_token` only with `offline_access`; an `id_token` with `openid` (`aud` = client_id, `nonce`, `sub` = user id).',
    'A code works once: a second use is 400 `invalid_grant` and revokes what the first issued; another `redirect_uri`: 400 `invalid_grant`; a wrong verifier: 401 `invalid_request`. Refresh rotates both tokens; a rotated token presented again within the grace period (2-10 s) keeps the family alive, after it the family is revoked (400 `invalid_grant`).',
    '`client_credentials`: site-admin clients with `client_credentials_scopes` only (else 400 `unauthorized_client`); `openid` or scopes beyond those: 400 `invalid_scope`; no refresh or ID token, no `sub`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  formBody: true,
  errors: [E.INVALID_REQUEST, E.INVALID_GRANT, E.INVALID_CODE_VERIFIER, E.INVALID_SCOPE, E.INVALID_CLIENT, E.UNAUTHORIZED_CLIENT, E.UNSUPPORTED_GRANT_TYPE, E.INVALID_TARGET],
  deps: { tokens: OAUTH.Tokens },
  async handler({ deps, body, req, res }) {
    const fields = await formOrJson(req, res, tokenBody, body);
    res.set('Pragma', 'no-cache');
    return oauth(() => deps.tokens.token(fields, clientCredentials(req, fields)), res);
  },
});

/** UserInfo answers GET and POST alike (OpenID Connect Core §5.3.1), from the bearer token of the Authorization header. */
function userinfoEndpoint(contract: typeof routes.oauthUserinfo | typeof routes.oauthUserinfoPost) {
  return endpoint({
    ...contract,
    summary: 'The claims of the access token’s user (OpenID Connect UserInfo)',
    description: '`Authorization: Bearer <access token>` with `openid`. `sub`; with `email`: `email`, `email_verified`; with `profile`: `name`, `given_name`, `family_name`, `picture`. A bad, expired or revoked token: 401 `invalid_token`.',
    tags,
    auth: 'public',
    errors: [E.INVALID_ACCESS_TOKEN],
    deps: { tokens: OAUTH.Tokens },
    async handler({ deps, req, res }) {
      try {
        return (await oauth(() => deps.tokens.userinfo(bearerToken(req)))) as { sub: string };
      } catch (error) {
        res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw error;
      }
    },
  });
}

export const userinfo = userinfoEndpoint(routes.oauthUserinfo);
export const userinfoPost = userinfoEndpoint(routes.oauthUserinfoPost);

/** A client-authenticated endpoint's body (form or JSON) and the client it authenticates as (401 `invalid_client`). */
async function authenticatedCall<T>(
  deps: { clients: OAuthClients },
  ctx: { body: { token?: string; token_type_hint?: string; client_id?: string; client_secret?: string }; req: Request; res: Response },
  run: (fields: { token?: string; token_type_hint?: string }, client: OAuthClientRecord) => Promise<T>,
): Promise<T> {
  const fields = await formOrJson(ctx.req, ctx.res, introspectBody, ctx.body);
  return oauth(async () => run(fields, await deps.clients.authenticate(clientCredentials(ctx.req, fields))), ctx.res);
}

export const introspect = endpoint({
  ...routes.oauthIntrospect,
  summary: 'Token introspection (RFC 7662)',
  description: 'Needs client authentication (401 `invalid_client`). An access or refresh token of the calling client: `{active: true, client_id, scope, sub, exp, iat, iss, token_type, …}`; anything else, another client’s token included: `{active: false}`.',
  tags,
  auth: 'public',
  formBody: true,
  errors: [E.INVALID_CLIENT],
  deps: { tokens: OAUTH.Tokens, clients: OAUTH.Clients },
  handler: ({ deps, body, req, res }) => authenticatedCall(deps, { body, req, res }, (fields, client) => deps.tokens.introspect(fields.token, client, fields.token_type_hint)),
});

export const revoke = endpoint({
  ...routes.oauthRevoke,
  summary: 'Token revocation (RFC 7009)',
  description: 'Needs client authentication (401 `invalid_client`). A refresh token revokes its whole family and the access tokens issued from it. Always 200 `{}`, whether or not the token was known.',
  tags,
  auth: 'public',
  formBody: true,
  errors: [E.INVALID_CLIENT],
  deps: { tokens: OAUTH.Tokens, clients: OAUTH.Clients },
  handler: ({ deps, body, req, res }) =>
    authenticatedCall(deps, { body, req, res }, async (fields, client) => {
      await deps.tokens.revoke(fields.token, client);
      return {};
    }),
});

export const endSession = endpoint({
  ...routes.oauthEndSession,
  summary: 'RP-initiated logout (OpenID Connect)',
  description:
    'For clients with `enable_end_session`: the `id_token_hint` names the client and session; the browser’s session ends when it is that one, and its access tokens turn inactive. Then 302 to the registered `post_logout_redirect_uri` with `state`. Other clients: 401 `invalid_client`; an unregistered post-logout URI or a forged hint: 400 `invalid_request`.',
  tags,
  auth: 'public',
  readsCaller: true,
  errors: [E.INVALID_CLIENT, E.INVALID_REQUEST],
  deps: { tokens: OAUTH.Tokens, http: PLATFORM.SessionHttp, sessions: PLATFORM.SessionManager },
  async handler({ deps, query, req, res }) {
    const auth = await deps.http.resolve(req, res, { disableCookieCache: true, disableRefresh: true });
    const current = auth ? { sessionId: auth.session.id, userId: auth.user.id } : null;
    const { location, endCurrent } = await oauth(() =>
      deps.tokens.endSession({ idTokenHint: query.id_token_hint, postLogoutRedirectUri: query.post_logout_redirect_uri, state: query.state, clientId: query.client_id }, current),
    );
    if (endCurrent && auth) {
      await deps.sessions.delete(auth.session.token);
      deps.http.end(req, res);
    }
    return redirect(location);
  },
});
