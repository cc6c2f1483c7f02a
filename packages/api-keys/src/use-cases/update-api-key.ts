import { raise, type Clock } from '@tend/kernel';
import { presentApiKey, type ApiKeyChanges, type PresentedApiKey } from '../api-key.js';
import type { ApiKeyRepository } from '../api-key-repository.port.js';
import { DEFAULT_API_KEY_CONFIG, type ApiKeyConfig } from '../config.js';
import { API_KEY_ERRORS } from '../error-codes.js';
import {
  booleanOf,
  expiresAtOf,
  metadataOf,
  nameOf,
  permissionsOf,
  positiveOf,
  refillOf,
  remainingOf,
  type ApiKeySettingsInput,
} from '../input-rules.js';
import { findOwnedApiKey } from './owned-api-key.js';

export interface UpdateApiKeyInput extends ApiKeySettingsInput {
  /** The signed-in user, who must own the key. */
  userId: string;
  keyId: string;
  name?: string;
  enabled?: boolean;
  /** Seconds from now until the key expires (whole, >= 1); null: never expires. */
  expiresIn?: number | null;
}

/**
 * POST /api-key/update: changes one of the signed-in user's keys. Absent fields stay; null
 * clears `expiresIn` (never expires), `remaining` (unlimited), the refill pair (give both),
 * the rate-limit window or maximum (no limit), permissions and metadata. As in better-auth,
 * the key is looked up first (404 API Key not found), then the values are checked (400), and
 * a call that changes nothing answers 400 No values to update.
 */
export class UpdateApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly config: ApiKeyConfig = DEFAULT_API_KEY_CONFIG,
  ) {}

  async execute(input: UpdateApiKeyInput): Promise<PresentedApiKey> {
    await findOwnedApiKey(this.keys, input.keyId, input.userId);
    const now = this.clock.now();
    const changes = this.changesOf(input, now);
    if (Object.keys(changes).length === 0) throw raise(API_KEY_ERRORS.NO_VALUES_TO_UPDATE);
    const updated = await this.keys.update(input.keyId, { ...changes, updatedAt: now });
    // Deleted between the lookup and the update: as missing as it gets.
    if (!updated) throw raise(API_KEY_ERRORS.API_KEY_NOT_FOUND);
    return presentApiKey(updated);
  }

  private changesOf(input: UpdateApiKeyInput, now: Date): ApiKeyChanges {
    const changes: ApiKeyChanges = {};
    if (input.name !== undefined) changes.name = nameOf(input.name, { ...this.config, requireName: false });
    if (input.enabled !== undefined) changes.enabled = booleanOf('enabled', input.enabled);
    if (input.expiresIn !== undefined) changes.expiresAt = expiresAtOf(input.expiresIn, now, this.config);
    if (input.remaining !== undefined) changes.remaining = remainingOf(input.remaining);
    if (input.refillAmount !== undefined || input.refillInterval !== undefined) {
      Object.assign(changes, refillOf(input.refillAmount, input.refillInterval));
    }
    if (input.rateLimitEnabled !== undefined) changes.rateLimitEnabled = booleanOf('rateLimitEnabled', input.rateLimitEnabled);
    if (input.rateLimitTimeWindow !== undefined) changes.rateLimitTimeWindow = positiveOf('rateLimitTimeWindow', input.rateLimitTimeWindow);
    if (input.rateLimitMax !== undefined) changes.rateLimitMax = positiveOf('rateLimitMax', input.rateLimitMax);
    if (input.permissions !== undefined) changes.permissions = permissionsOf(input.permissions);
    if (input.metadata !== undefined) changes.metadata = metadataOf(input.metadata, this.config);
    return changes;
  }
}
