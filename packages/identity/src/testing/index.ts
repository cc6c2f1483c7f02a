export { identityContract, type IdentityHarness } from './user-repository.contract.js';
