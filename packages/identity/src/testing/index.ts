export { identityContract, type IdentityHarness } from './user-repository.contract.js';
export { verificationRepositoryContract, type VerificationRepositoryHarness } from './verification-repository.contract.js';
export { signInFixture, type SignInFixtureOptions } from './sign-in-fixture.js';
export { identityFixture, plainHasher, tokenParam, FIXTURE_AUTH_URL, type IdentityFixture } from './identity-fixture.js';
