export { signingKeyStoreContract, type SigningKeyStoreHarness } from './signing-key-store.contract.js';
export { authorizationCodeStoreContract, type AuthorizationCodeStoreHarness } from './authorization-code-store.contract.js';
export { refreshTokenStoreContract, type RefreshTokenStoreHarness } from './refresh-token-store.contract.js';
export { oauthClientRepositoryContract, type OAuthClientRepositoryHarness } from './oauth-client-repository.contract.js';
export { consentStoreContract, type ConsentStoreHarness } from './consent-store.contract.js';
export { accessTokenStoreContract, type AccessTokenStoreHarness } from './access-token-store.contract.js';
export { CONTRACT_USER_IDS, CONTRACT_CLIENT_IDS } from './fixtures.js';
export { oauthStorageCascadeContract, type OAuthStorageHarness } from './oauth-storage-cascade.contract.js';
