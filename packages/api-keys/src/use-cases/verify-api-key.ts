import { isAuthError, type Clock } from '@tend/kernel';
import { presentApiKey, type ApiKeyPermissions, type PresentedApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { DEFAULT_API_KEY_CONFIG, type ApiKeyConfig } from '../config.js';
import { spendApiKey } from '../spend-api-key.js';

export interface VerifyApiKeyInput {
  key: string;
  /** Resource -> actions the key must all have. */
  permissions?: ApiKeyPermissions;
}

/** `error` is the refusal as the gateway would answer it: `{ code, message }` (+ `retryAfter` for a rate limit). */
export type VerifyApiKeyResult =
  | { valid: true; error: null; key: PresentedApiKey }
  | { valid: false; error: { code: string; message: string } & Record<string, unknown>; key: null };

/**
 * POST /api-key/verify {key, permissions?}: whether a key is valid, counted as one use
 * (budget, rate limit, last used) like any request made with it. Refusals are answered in
 * the body, never thrown: `{ valid: false, error: { code, message }, key: null }`; only
 * failures of the store itself are thrown.
 */
export class VerifyApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly config: ApiKeyConfig = DEFAULT_API_KEY_CONFIG,
  ) {}

  async execute(input: VerifyApiKeyInput): Promise<VerifyApiKeyResult> {
    try {
      const apiKey = await spendApiKey(this.keys, this.clock, this.config, input.key, input.permissions);
      return { valid: true, error: null, key: presentApiKey(apiKey) };
    } catch (error) {
      if (!isAuthError(error)) throw error;
      return { valid: false, error: error.toJSON(), key: null };
    }
  }
}
