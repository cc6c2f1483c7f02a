/** What the identity provider is configured with (the gateway reads it from AUTH_* variables). */
export interface ProviderSettings {
  /** `AUTH_BASE_URL/api/auth`: the `iss` of every token and the base of every endpoint. */
  issuer: string;
  /** AUTH_BASE_URL: the `aud` of `/token` JWTs and the protected resource. */
  baseURL: string;
  /** AUTH_WEB_URL: where the sign-in and consent pages live. */
  webURL: string;
  /** The app secret (AUTH_SECRET): signs the oauth_query. */
  secret: string;
  /** AUTH_OAUTH_SCOPES. */
  scopes: readonly string[];
  accessTokenTtlSeconds: number;
  idTokenTtlSeconds: number;
  /** How long a signed authorization request stays good across sign-in and consent. */
  queryTtlSeconds: number;
}

export const DEFAULT_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ID_TOKEN_TTL_SECONDS = 3600;
export const OAUTH_QUERY_TTL_SECONDS = 600;
