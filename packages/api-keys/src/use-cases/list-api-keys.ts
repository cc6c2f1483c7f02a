import { presentApiKey, type PresentedApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';

/** GET /api-key/list: the signed-in user's keys, oldest first, without keys or hashes. */
export class ListApiKeys {
  constructor(private readonly keys: ApiKeyRepository) {}

  async execute(input: { userId: string }): Promise<PresentedApiKey[]> {
    return (await this.keys.listByUser(input.userId)).map(presentApiKey);
  }
}
