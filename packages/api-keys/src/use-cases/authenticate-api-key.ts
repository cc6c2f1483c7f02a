import { raise, type Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import { assertNotBanned, type UserRepository } from '@tend/identity';
import { presentApiKey, type PresentedApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { API_KEY_HEADERS, DEFAULT_API_KEY_CONFIG, type ApiKeyConfig } from '../config.js';
import { API_KEY_ERRORS } from '../error-codes.js';
import { spendApiKey } from '../spend-api-key.js';

export interface AuthenticatedByApiKey {
  user: User;
  apiKey: PresentedApiKey;
}

/**
 * A request carrying a key (`x-api-key` or `apikey` header) acts as the key's owner: the key
 * is checked and one use spent (budget, rate limit, last used), then its owner loaded.
 * Throws 401 Invalid API key. / API Key is disabled / API Key has expired, 429 API Key has
 * reached its usage limit / Rate limit exceeded. (with `retryAfter` and `headers()`), and 403
 * BANNED_USER for a banned owner.
 */
export class AuthenticateApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly config: ApiKeyConfig = DEFAULT_API_KEY_CONFIG,
  ) {}

  async execute(input: { key: string }): Promise<AuthenticatedByApiKey> {
    const apiKey = await spendApiKey(this.keys, this.clock, this.config, input.key);
    const owner = await this.users.findById(apiKey.userId);
    // Keys go with their user (cascade); a user deleted since the spend leaves the key invalid.
    if (!owner) throw raise(API_KEY_ERRORS.INVALID_API_KEY);
    const user = await assertNotBanned(owner, this.users, this.clock);
    return { user, apiKey: presentApiKey(apiKey) };
  }
}

/** The key a request carries: the first of `x-api-key`, `apikey` that is set, or null. */
export function apiKeyFromHeaders(header: (name: string) => string | string[] | undefined): string | null {
  for (const name of API_KEY_HEADERS) {
    const value = header(name);
    const first = Array.isArray(value) ? value[0] : value;
    if (first) return first;
  }
  return null;
}
