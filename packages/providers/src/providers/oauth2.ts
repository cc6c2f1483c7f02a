import * as oauth from 'oauth4webapi';
import { isAuthError, raise, type Clock } from '@tend/kernel';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { ProviderHttp } from '../http/provider-http.js';
import { readTokenResponse } from '../http/token-response.js';
import type { AuthorizationRequest, AuthorizationURL, CodeExchange, OAuthTokens } from '../oauth-provider.port.js';

/** What every provider adapter is built with. */
export interface ProviderContext {
  http: ProviderHttp;
  clock: Clock;
}

/** How a provider wants its client authenticated at the token endpoint. */
export type ClientAuthentication = 'post' | 'basic' | oauth.ClientAuth;

/** The default scopes, the configured ones and the requested ones, in that order, once each. */
export function mergeScopes(...lists: ReadonlyArray<readonly string[] | undefined>): string[] {
  return [...new Set(lists.flatMap((list) => list ?? []).filter((scope) => scope !== ''))];
}

export interface AuthorizationURLSpec {
  endpoint: string;
  clientId: string;
  /** TikTok names it `client_key`. */
  clientIdParam?: string;
  request: AuthorizationRequest;
  scopes: string[];
  /** Space by default; TikTok separates scopes with commas. */
  scopeSeparator?: string;
  /** Send an S256 challenge of the request's code verifier. */
  pkce: boolean;
  /** The provider's name for a login hint (`login_hint`, GitHub's `login`), or null when it has none. */
  loginHintParam?: string | null;
  /** Extra parameters; undefined values are left out. */
  params?: Record<string, string | undefined>;
}

/** An authorization URL with state, scopes, redirect URI, PKCE and login hint, through the rewrite. */
export async function authorizationURL(context: ProviderContext, spec: AuthorizationURLSpec): Promise<AuthorizationURL> {
  const url = new URL(spec.endpoint);
  const { request } = spec;
  url.searchParams.set('response_type', 'code');
  url.searchParams.set(spec.clientIdParam ?? 'client_id', spec.clientId);
  url.searchParams.set('redirect_uri', request.redirectURI);
  url.searchParams.set('state', request.state);
  if (spec.scopes.length > 0) url.searchParams.set('scope', spec.scopes.join(spec.scopeSeparator ?? ' '));
  if (spec.pkce) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(request.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (request.loginHint && spec.loginHintParam) url.searchParams.set(spec.loginHintParam, request.loginHint);
  for (const [key, value] of Object.entries(spec.params ?? {})) if (value !== undefined) url.searchParams.set(key, value);
  return { url: new URL(context.http.rewrite(url)), scopes: spec.scopes };
}

export interface TokenRequestSpec {
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  authentication: ClientAuthentication;
  /** Extra form fields (VK's device_id, Microsoft's scope on refresh). */
  params?: Record<string, string | undefined>;
}

/**
 * The form-encoded code exchange (grant_type, code, code_verifier, redirect_uri, client
 * credentials), sent by oauth4webapi through the provider HTTP seam.
 */
export async function exchangeCode(context: ProviderContext, spec: TokenRequestSpec & { exchange: CodeExchange; pkce: boolean }): Promise<OAuthTokens> {
  return tokenRequest(context, spec, (as, client, auth, options) => {
    const callback = oauth.validateAuthResponse(as, client, new URLSearchParams({ code: spec.exchange.code }), oauth.skipStateCheck);
    const verifier = spec.pkce ? spec.exchange.codeVerifier : oauth.nopkce;
    return oauth.authorizationCodeGrantRequest(as, client, auth, callback, spec.exchange.redirectURI, verifier, options);
  });
}

/** The refresh_token grant, through the same seam. */
export async function refreshTokens(context: ProviderContext, spec: TokenRequestSpec & { refreshToken: string }): Promise<OAuthTokens> {
  return tokenRequest(context, spec, (as, client, auth, options) => oauth.refreshTokenGrantRequest(as, client, auth, spec.refreshToken, options));
}

type Send = (
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  options: oauth.TokenEndpointRequestOptions,
) => Promise<Response>;

async function tokenRequest(context: ProviderContext, spec: TokenRequestSpec, send: Send): Promise<OAuthTokens> {
  const as: oauth.AuthorizationServer = { issuer: new URL(spec.tokenEndpoint).origin, token_endpoint: spec.tokenEndpoint };
  const client: oauth.Client = { client_id: spec.clientId };
  const auth =
    spec.authentication === 'post'
      ? oauth.ClientSecretPost(spec.clientSecret)
      : spec.authentication === 'basic'
        ? plainBasic(spec.clientId, spec.clientSecret)
        : spec.authentication;
  const additionalParameters = Object.fromEntries(Object.entries(spec.params ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
  let response: Response;
  try {
    response = await send(as, client, auth, { [oauth.customFetch]: context.http.oauthFetch, additionalParameters });
  } catch (error) {
    if (isAuthError(error)) throw error;
    context.http.logger.warn('token request could not be built', { host: new URL(spec.tokenEndpoint).host, error: error instanceof Error ? error.name : 'unknown' });
    throw raise(PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
  }
  return readTokenResponse(context.http, spec.tokenEndpoint, response, context.clock);
}

/** GET (or POST) a provider API with the access token as a Bearer credential; answers the JSON. */
export function fetchWithToken(context: ProviderContext, url: string, accessToken: string | null | undefined, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<unknown> {
  if (!accessToken) throw raise(PROVIDER_ERRORS.ACCESS_TOKEN_NOT_FOUND);
  return context.http.json(url, { ...init, headers: { authorization: `Bearer ${accessToken}`, 'user-agent': 'Tend', ...init.headers } });
}

/**
 * HTTP Basic client authentication as Twitter, Reddit and Zoom read it: base64 of `id:secret`
 * as they are. (oauth4webapi's ClientSecretBasic form-encodes both first, turning `-` into `%2D`,
 * which these providers do not decode.)
 */
function plainBasic(clientId: string, clientSecret: string): oauth.ClientAuth {
  return (_as, _client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`);
  };
}
