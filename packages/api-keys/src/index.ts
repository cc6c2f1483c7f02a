export {
  presentApiKey,
  isExpired,
  type ApiKey,
  type ApiKeyChanges,
  type ApiKeyPermissions,
  type CreatedApiKey,
  type PresentedApiKey,
} from './api-key.js';
export type { ApiKeyRepository } from './api-key-repository.port.js';
export {
  DEFAULT_API_KEY_CONFIG,
  API_KEY_HEADERS,
  apiKeyConfig,
  type ApiKeyConfig,
  type ApiKeyConfigOverrides,
  type ApiKeyRateLimitConfig,
} from './config.js';
export { API_KEY_ERRORS, ApiKeyRateLimitError, invalidField, rateLimitExceeded } from './error-codes.js';
export { generateApiKey, hashApiKey } from './key-material.js';
export { decideUsage, type UsageDecision, type UsageSettings, type UsageChanges } from './usage-policy.js';
export { coversPermissions } from './permissions.js';
export { LARGEST_COUNT, type ApiKeySettingsInput } from './input-rules.js';
export { CreateApiKey, type CreateApiKeyInput } from './use-cases/create-api-key.js';
export { ListApiKeys } from './use-cases/list-api-keys.js';
export { GetApiKey } from './use-cases/get-api-key.js';
export { UpdateApiKey, type UpdateApiKeyInput } from './use-cases/update-api-key.js';
export { DeleteApiKey } from './use-cases/delete-api-key.js';
export { VerifyApiKey, type VerifyApiKeyInput, type VerifyApiKeyResult } from './use-cases/verify-api-key.js';
export { AuthenticateApiKey, apiKeyFromHeaders, type AuthenticatedByApiKey } from './use-cases/authenticate-api-key.js';
export { MemoryApiKeyRepository, API_KEYS_TABLE } from './adapters/memory/memory-api-key-repository.js';
