export { OAUTH_PROVIDER_ERRORS, OAUTH_ERROR_NAMES, withOAuthError, type OAuthProviderErrorCode } from './error-codes.js';
export {
  generateSigningKeyPair,
  isPublished,
  SIGNING_ALGORITHMS,
  type SigningAlgorithm,
  type SigningKeyRecord,
} from './signing-keys/signing-key.js';
export type { SigningKeyStore } from './signing-keys/signing-key-store.port.js';
export {
  SigningKeys,
  SIGNING_KEY_CIPHER_PURPOSE,
  type SigningKeysOptions,
  type ActiveSigningKey,
  type PublicJwk,
} from './signing-keys/signing-keys.js';
export { MemorySigningKeyStore, SIGNING_KEYS_TABLE } from './adapters/memory/memory-signing-key-store.js';
export {
  PKCE_METHODS,
  isValidCodeVerifier,
  isValidCodeChallenge,
  s256Challenge,
  verifyCodeVerifier,
  type PkceMethod,
} from './authorize/pkce.js';
export {
  signOAuthQuery,
  verifyOAuthQuery,
  canonicalQuery,
  type OAuthQueryParameters,
  type OAuthQueryOptions,
} from './authorize/oauth-query.js';
export {
  validateClientMetadata,
  isAllowedRedirectUri,
  isLoopbackHost,
  TOKEN_ENDPOINT_AUTH_METHODS,
  GRANT_TYPES,
  CLIENT_TYPES,
  type ClientMetadata,
  type ClientMetadataInput,
  type ClientMetadataContext,
  type ClientRegistrar,
  type TokenEndpointAuthMethod,
  type GrantType,
  type ClientType,
} from './clients/client-metadata.js';
export { generateClientId, generateClientSecret, hashClientSecret, verifyClientSecret, newClientCredentials } from './clients/client-secret.js';
export type { AuthorizationCodeRecord, ConsumeResult } from './codes/authorization-code.js';
export type { AuthorizationCodeStore } from './codes/authorization-code-store.port.js';
export {
  AuthorizationCodes,
  hashAuthorizationCode,
  DEFAULT_CODE_TTL_SECONDS,
  type AuthorizationCodesOptions,
  type IssueCodeInput,
  type RedeemCodeInput,
  type RedeemResult,
  type CodeGrant,
} from './codes/authorization-codes.js';
export { MemoryAuthorizationCodeStore, AUTHORIZATION_CODES_TABLE } from './adapters/memory/memory-authorization-code-store.js';
export type { RefreshTokenRecord, RotateResult } from './refresh/refresh-token.js';
export type { RefreshTokenStore } from './refresh/refresh-token-store.port.js';
export {
  RefreshTokens,
  hashRefreshToken,
  REFRESH_SUCCESSOR_CIPHER_PURPOSE,
  MIN_GRACE_SECONDS,
  MAX_GRACE_SECONDS,
  DEFAULT_GRACE_SECONDS,
  DEFAULT_REFRESH_TTL_SECONDS,
  type RefreshTokensOptions,
  type IssueRefreshTokenInput,
  type RefreshGrant,
  type RefreshResult,
} from './refresh/refresh-tokens.js';
export { MemoryRefreshTokenStore, REFRESH_TOKENS_TABLE, REVOKED_FAMILIES_TABLE } from './adapters/memory/memory-refresh-token-store.js';
export type { OAuthClientRecord, OAuthClientChanges, OAuthClientRepository } from './clients/oauth-client.js';
export { MemoryOAuthClientRepository, OAUTH_CLIENTS_TABLE } from './adapters/memory/memory-oauth-client-repository.js';
export type { ConsentRecord, ConsentStore } from './consents/consent.js';
export { MemoryConsentStore, CONSENTS_TABLE } from './adapters/memory/memory-consent-store.js';
export type { AccessTokenRecord, AccessTokenStore } from './tokens/access-token.js';
export { OAuthClients, presentClient, presentPublicClient, type ClientView, type PublicClientView, type ClientUpdate, type ClientCredentialsInput, type OAuthClientsOptions } from './provider/clients.js';
export { Authorization, type Subject, type AuthorizationOptions } from './provider/authorization.js';
export { PublishedKeys } from './provider/key-set.js';
export {
  TokenService,
  userClaims,
  SESSION_JWT_TTL_SECONDS,
  type ClaimsUser,
  type ClaimsUserSource,
  type TokenRequest,
  type TokenResponse,
  type IntrospectionResponse,
  type TokenServiceOptions,
} from './provider/tokens.js';
export { DEFAULT_SCOPES, ACCESS_TOKEN_TTL_SECONDS, ID_TOKEN_TTL_SECONDS, OAUTH_QUERY_TTL_SECONDS, type ProviderSettings } from './provider/settings.js';
export { MemoryAccessTokenStore, ACCESS_TOKENS_TABLE } from './adapters/memory/memory-access-token-store.js';
