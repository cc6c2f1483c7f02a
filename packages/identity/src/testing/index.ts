export { identityContract, type IdentityHarness } from './user-repository.contract.js';
export { verificationRepositoryContract, type VerificationRepositoryHarness } from './verification-repository.contract.js';
