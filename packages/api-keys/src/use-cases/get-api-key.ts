import { presentApiKey, type PresentedApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { findOwnedApiKey } from './owned-api-key.js';

/** GET /api-key/get?id: one of the signed-in user's keys; 404 API Key not found otherwise. */
export class GetApiKey {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(input: { userId: string; id: string }): Promise<PresentedApiKey> {
    return presentApiKey(await findOwnedApiKey(this.keys, input.id, input.userId));
  }
}
