export { apiKeyRepositoryContract, type ApiKeyRepositoryHarness } from './api-key-repository.contract.js';
