export { signingKeyStoreContract, type SigningKeyStoreHarness } from './signing-key-store.contract.js';
export { authorizationCodeStoreContract, type AuthorizationCodeStoreHarness } from './authorization-code-store.contract.js';
export { refreshTokenStoreContract, type RefreshTokenStoreHarness } from './refresh-token-store.contract.js';
