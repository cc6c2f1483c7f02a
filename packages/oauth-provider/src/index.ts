export { OAUTH_PROVIDER_ERRORS, OAUTH_ERROR_NAMES, type OAuthProviderErrorCode } from './error-codes.js';
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
