export { scimStoresContract, type ScimStoresHarness } from './scim-stores.contract.js';
