import { raise } from '@tend/kernel';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { API_KEY_ERRORS } from '../error-codes.js';
import { findOwnedApiKey } from './owned-api-key.js';

/** POST /api-key/delete {keyId}: deletes one of the signed-in user's keys. */
export class DeleteApiKey {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(input: { userId: string; keyId: string }): Promise<{ success: true }> {
    await findOwnedApiKey(this.keys, input.keyId, input.userId);
    // Of two parallel deletes, the one that finds nothing left answers like a missing key.
    if (!(await this.keys.delete(input.keyId))) throw raise(API_KEY_ERRORS.API_KEY_NOT_FOUND);
    return { success: true };
  }
}
