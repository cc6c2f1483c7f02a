// Contract suites every adapter of this package's ports runs, and the fixture of the unit tests.
export { organizationRepositoryContract } from './organization-repository.contract.js';
export { memberRepositoryContract } from './member-repository.contract.js';
export { invitationRepositoryContract } from './invitation-repository.contract.js';
export { teamRepositoryContract } from './team-repository.contract.js';
export { activeOrganizationStoreContract } from './active-organization-store.contract.js';
export { runtimeRoleRepositoryContract } from './runtime-role-repository.contract.js';
export { organizationRacesContract } from './organization-races.contract.js';
export { type OrganizationStoresHarness } from './harness.js';
export { organizationFixture, KeptLogger, type OrganizationFixture } from './fixture.js';
