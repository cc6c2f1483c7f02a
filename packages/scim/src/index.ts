// SCIM 2.0 provisioning (issue 32, docs/scim.md): tokens per organization SSO provider, the
// /scim/v2 Users of one organization, deactivation as a ban with SCIM's reason.
export * from './entities.js';
export { SCIM_ERRORS, scimError, type ScimType } from './error-codes.js';
export type { ScimAccessRevoker, ScimMemberships, ScimProviders, ScimTokenRepository, ScimUserRepository } from './ports.js';
export { parseUserNameFilter } from './filter.js';
export { listResponse, serviceProviderConfig, toScimUserResource, userResourceType, userSchema, type ScimUserResource } from './resources.js';
export { GenerateScimToken, ListScimTokens, SCIM_MANAGER_ROLES, type GenerateScimTokenDeps, type ListScimTokensDeps, type ScimTokenInfo } from './use-cases/generate-scim-token.js';
export { ScimProvisioning, SCIM_DEACTIVATION_REASON, SCIM_MEMBER_ROLE, type ProvisionedUser, type ScimPatchOperation, type ScimProvisioningDeps, type ScimUserInput } from './use-cases/scim-provisioning.js';
export { organizationMemberships } from './package-ports.js';
export { MemoryScimTokenRepository, MemoryScimUserRepository } from './adapters/memory/memory-scim-stores.js';
