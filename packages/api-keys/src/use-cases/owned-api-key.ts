import { raise } from '@tend/kernel';
import type { ApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { API_KEY_ERRORS } from '../error-codes.js';

/**
 * The key `id` if `userId` owns it. Another user's key answers exactly like a missing one
 * (404 API Key not found), so ids of other users' keys cannot be probed.
 */
export async function findOwnedApiKey(keys: ApiKeyRepository, id: string, userId: string): Promise<ApiKey> {
  const apiKey = await keys.findById(id);
  if (!apiKey || apiKey.userId !== userId) throw raise(API_KEY_ERRORS.API_KEY_NOT_FOUND);
  return apiKey;
}
