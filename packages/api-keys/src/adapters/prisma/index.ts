export { PrismaApiKeyRepository } from './prisma-api-key-repository.js';
export { toApiKey, toApiKeyRow, type ApiKeyRow } from './api-key-record.js';
