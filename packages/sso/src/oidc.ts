import * as oauth from 'oauth4webapi';
import type { createRemoteJWKSet, JWTPayload } from 'jose';
import { isAuthError, raise, type Clock, type Logger } from '@tend/kernel';
import { SSO_ERRORS } from './error-codes.js';
import type { SsoMapping, StoredOidcConfig } from './entities.js';
import { isAllowedIdpURL } from './urls.js';

/** Signature algorithms accepted on id tokens (never `none`, never HMAC). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface OidcClientOptions {
  /** Plain http to 127.0.0.1 (tests); never in production. */
  allowLoopbackHttp: boolean;
  timeoutMs: number;
  clock: Clock;
  logger: Logger;
}

/** What discovery found (the endpoints registration fills in). */
export interface DiscoveredEndpoints {
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  jwksEndpoint: string | null;
  userInfoEndpoint: string | null;
}

/** A verified OIDC identity. */
export interface OidcProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  image: string | null;
}

/** Why an OIDC callback failed, as its redirect code names it. */
export class OidcFailure extends Error {
  constructor(
    readonly code: 'invalid_code' | 'invalid_token',
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The OpenID Connect relying party of SSO, on oauth4webapi: discovery (the issuer must match),
 * the authorization URL (state, nonce, PKCE S256), the code exchange with the id token's
 * issuer, audience, expiry and nonce checked by oauth4webapi, and its signature checked by jose
 * against the provider's key set.
 */
export class OidcClient {
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(private readonly options: OidcClientOptions) {}

  private requestOptions(url: string): { [oauth.allowInsecureRequests]?: boolean; [oauth.customFetch]: typeof fetch } {
    const insecure = this.options.allowLoopbackHttp && new URL(url).protocol === 'http:' && isAllowedIdpURL(url, true);
    return {
      ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
      [oauth.customFetch]: (input, init) => fetch(input, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.options.timeoutMs) }),
    };
  }

  /** Fetches the discovery document (at `discoveryEndpoint`, else the issuer's well-known one); its issuer must be `issuer`. */
  async discover(issuer: string, discoveryEndpoint: string | null): Promise<DiscoveredEndpoints> {
    const issuerURL = new URL(issuer);
    let as: oauth.AuthorizationServer;
    try {
      const response = discoveryEndpoint
        ? await fetch(discoveryEndpoint, { redirect: 'manual', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs) })
        : await oauth.discoveryRequest(issuerURL, { algorithm: 'oidc', ...this.requestOptions(issuer) });
      as = await oauth.processDiscoveryResponse(issuerURL, response);
    } catch (error) {
      if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) throw raise(SSO_ERRORS.SSO_ISSUER_MISMATCH);
      this.options.logger.warn('sso discovery failed', { host: issuerURL.host, error: error instanceof Error ? error.name : 'unknown' });
      throw raise(SSO_ERRORS.SSO_DISCOVERY_FAILED);
    }
    // oauth4webapi compares normalized URLs (`https://idp` and `https://idp/` match); id tokens are
    // checked against `issuer` to the character, so the document must name it exactly.
    if (as.issuer !== issuer) throw raise(SSO_ERRORS.SSO_ISSUER_MISMATCH);
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return {
      authorizationEndpoint: text(as.authorization_endpoint),
      tokenEndpoint: text(as.token_endpoint),
      jwksEndpoint: text(as.jwks_uri),
      userInfoEndpoint: text(as.userinfo_endpoint),
    };
  }

  /** The authorization URL of a sign-in. */
  async authorizationURL(config: StoredOidcConfig, request: { redirectURI: string; state: string; nonce: string; codeVerifier: string; loginHint?: string }): Promise<string> {
    const url = new URL(config.authorizationEndpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', config.clientId);
    url.searchParams.set('redirect_uri', request.redirectURI);
    url.searchParams.set('scope', config.scopes.join(' '));
    url.searchParams.set('state', request.state);
    url.searchParams.set('nonce', request.nonce);
    if (config.pkce) {
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(request.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    if (request.loginHint) url.searchParams.set('login_hint', request.loginHint);
    return url.toString();
  }

  /**
   * Trades the code for tokens and answers the verified identity. OidcFailure when the token
   * endpoint refuses the code (`invalid_code`) or the id token is not one this provider issued to
   * this client for this sign-in (`invalid_token`).
   */
  async exchange(
    provider: { issuer: string; config: StoredOidcConfig; clientSecret: string },
    input: { code: string; state: string; iss?: string; redirectURI: string; codeVerifier: string; nonce: string },
  ): Promise<OidcProfile> {
    const { config } = provider;
    const as: oauth.AuthorizationServer = {
      issuer: provider.issuer,
      authorization_endpoint: config.authorizationEndpoint,
      token_endpoint: config.tokenEndpoint,
      jwks_uri: config.jwksEndpoint,
      ...(config.userInfoEndpoint ? { userinfo_endpoint: config.userInfoEndpoint } : {}),
      authorization_response_iss_parameter_supported: input.iss !== undefined,
    };
    const client: oauth.Client = { client_id: config.clientId };
    const auth = config.tokenEndpointAuthentication === 'client_secret_post' ? oauth.ClientSecretPost(provider.clientSecret) : oauth.ClientSecretBasic(provider.clientSecret);
    const params = new URLSearchParams({ code: input.code, state: input.state });
    if (input.iss !== undefined) params.set('iss', input.iss);
    let callback: URLSearchParams;
    try {
      callback = oauth.validateAuthResponse(as, client, params, input.state);
    } catch (error) {
      throw new OidcFailure('invalid_token', `authorization response: ${describe(error)}`);
    }
    let tokens: oauth.TokenEndpointResponse;
    try {
      const response = await oauth.authorizationCodeGrantRequest(as, client, auth, callback, input.redirectURI, config.pkce ? input.codeVerifier : oauth.nopkce, this.requestOptions(config.tokenEndpoint));
      tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: input.nonce, requireIdToken: true });
    } catch (error) {
      if (isAuthError(error)) throw error;
      const idTokenProblem = error instanceof oauth.OperationProcessingError && error.code !== oauth.RESPONSE_IS_NOT_CONFORM && error.code !== oauth.RESPONSE_IS_NOT_JSON;
      throw new OidcFailure(error instanceof oauth.ResponseBodyError || !idTokenProblem ? 'invalid_code' : 'invalid_token', `token response: ${describe(error)}`);
    }
    const claims = await this.verifySignature(provider.issuer, config, tokens.id_token ?? '');
    let profile = claims as Record<string, unknown>;
    const mapping = config.mapping ?? {};
    if (typeof profile[mapping.email ?? 'email'] !== 'string' && config.userInfoEndpoint && tokens.access_token) {
      try {
        const response = await oauth.userInfoRequest(as, client, tokens.access_token, this.requestOptions(config.userInfoEndpoint));
        profile = { ...(await oauth.processUserInfoResponse(as, client, String(claims.sub), response)), ...claims };
      } catch (error) {
        this.options.logger.warn('sso userinfo failed', { host: new URL(config.userInfoEndpoint).host, error: describe(error) });
      }
    }
    return profileOf(profile, mapping);
  }

  private async verifySignature(issuer: string, config: StoredOidcConfig, idToken: string): Promise<JWTPayload> {
    // jose loads with the first OIDC sign-in, not at start.
    const { createRemoteJWKSet, jwtVerify } = await import('jose');
    let keys = this.keySets.get(config.jwksEndpoint);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(config.jwksEndpoint), { timeoutDuration: this.options.timeoutMs, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
      this.keySets.set(config.jwksEndpoint, keys);
    }
    try {
      const { payload } = await jwtVerify(idToken, keys, { algorithms: ALGORITHMS, issuer, audience: config.clientId, currentDate: this.options.clock.now(), requiredClaims: ['exp', 'iat', 'sub'] });
      return payload;
    } catch (error) {
      throw new OidcFailure('invalid_token', `id token: ${describe(error)}`);
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) return `${error.name} ${error.code ?? ''} ${error.message}`.trim();
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown';
}

/** The profile of verified claims, through the provider's mapping. */
export function profileOf(claims: Record<string, unknown>, mapping: SsoMapping): OidcProfile {
  const text = (key: string) => (typeof claims[key] === 'string' && claims[key] !== '' ? (claims[key] as string) : null);
  const verified = claims[mapping.emailVerified ?? 'email_verified'];
  return {
    sub: String(claims[mapping.id ?? 'sub'] ?? claims.sub),
    email: text(mapping.email ?? 'email'),
    emailVerified: verified === true || verified === 'true',
    name: text(mapping.name ?? 'name'),
    image: text(mapping.image ?? 'picture'),
  };
}
