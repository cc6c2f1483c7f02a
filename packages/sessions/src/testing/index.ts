export { sessionStoreContract, type SessionStoreHarness } from './session-store.contract.js';
export { revocationRegistryContract, type RevocationRegistryHarness } from './revocation-registry.contract.js';
export { sessionCacheContract, type SessionCacheHarness } from './session-cache.contract.js';
