export { signingKeyStoreContract, type SigningKeyStoreHarness } from './signing-key-store.contract.js';
