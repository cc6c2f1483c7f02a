import { uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { presentApiKey, type ApiKey, type CreatedApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { DEFAULT_API_KEY_CONFIG, type ApiKeyConfig } from '../config.js';
import {
  booleanOf,
  expiresAtOf,
  metadataOf,
  nameOf,
  permissionsOf,
  positiveOf,
  prefixOf,
  refillOf,
  remainingOf,
  type ApiKeySettingsInput,
} from '../input-rules.js';
import { generateApiKey, hashApiKey, startOf } from '../key-material.js';

export interface CreateApiKeyInput extends ApiKeySettingsInput {
  /** The owner: the signed-in user. */
  userId: string;
  name?: string | null;
  /** Seconds until the key expires, a whole number >= 1; null or absent: the configured default (never). */
  expiresIn?: number | null;
  /** Letters, digits, `_` and `-`, put before the random part (for example `tend_`). */
  prefix?: string | null;
}

/**
 * POST /api-key/create: a new key for the signed-in user. The answer carries the plaintext
 * key this once; only its hash is stored. Absent rate-limit settings take the configured
 * defaults (better-auth's: on, 10 requests per 24 hours); `remaining` defaults to
 * `refillAmount`, else unlimited.
 */
export class CreateApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly config: ApiKeyConfig = DEFAULT_API_KEY_CONFIG,
    private readonly ids: IdGenerator = uuid,
  ) {}

  async execute(input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const now = this.clock.now();
    const { config } = this;
    const name = nameOf(input.name, config);
    const prefix = prefixOf(input.prefix, config);
    const expiresIn = input.expiresIn ?? config.expiresIn.default;
    const expiresAt = expiresAtOf(expiresIn, now, config);
    const { refillAmount, refillInterval } = refillOf(input.refillAmount, input.refillInterval);
    const remaining = input.remaining === undefined ? refillAmount : remainingOf(input.remaining);
    const permissions = input.permissions === undefined ? null : permissionsOf(input.permissions);
    const metadata = input.metadata === undefined ? null : metadataOf(input.metadata, config);
    const rateLimitEnabled = input.rateLimitEnabled === undefined ? config.rateLimit.enabled : booleanOf('rateLimitEnabled', input.rateLimitEnabled);
    const rateLimitTimeWindow = positiveOf('rateLimitTimeWindow', input.rateLimitTimeWindow ?? config.rateLimit.timeWindow);
    const rateLimitMax = positiveOf('rateLimitMax', input.rateLimitMax ?? config.rateLimit.maxRequests);

    const key = generateApiKey(prefix, config);
    const apiKey: ApiKey = {
      id: this.ids(),
      name,
      start: startOf(key, config),
      prefix,
      hash: hashApiKey(key),
      userId: input.userId,
      refillInterval,
      refillAmount,
      lastRefillAt: null,
      enabled: true,
      rateLimitEnabled,
      rateLimitTimeWindow,
      rateLimitMax,
      requestCount: 0,
      remaining,
      lastRequest: null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
      permissions,
      metadata,
    };
    const stored = await this.keys.create(apiKey);
    return { ...presentApiKey(stored), key };
  }
}
