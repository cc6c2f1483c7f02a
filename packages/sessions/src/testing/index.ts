export { sessionStoreContract, type SessionStoreHarness } from './session-store.contract.js';
