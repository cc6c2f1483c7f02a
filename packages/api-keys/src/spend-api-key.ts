import { raise, type AuthError, type Clock } from '@tend/kernel';
import { isExpired, type ApiKey, type ApiKeyPermissions } from './api-key.js';
import type { ApiKeyRepository } from './api-key-repository.port.js';
import type { ApiKeyConfig } from './config.js';
import { API_KEY_ERRORS, rateLimitExceeded } from './error-codes.js';
import { couldBeApiKey, hashApiKey } from './key-material.js';
import { coversPermissions } from './permissions.js';
import { decideUsage, type UsageSettings } from './usage-policy.js';

/** Spends that found the key refusing, re-read it, and found it allowed after all (it changed in between). */
const ATTEMPTS = 3;

/**
 * Checks a presented key and spends one use of it. The common case is one statement: the
 * atomic `spend` by hash. Only a refusal (or a permission check) reads the key, to tell
 * which error applies, in better-auth's order: invalid, disabled, expired, permissions,
 * usage limit, rate limit.
 */
export async function spendApiKey(
  keys: ApiKeyRepository,
  clock: Clock,
  config: Pick<ApiKeyConfig, 'keyLength' | 'rateLimit'>,
  key: string,
  permissions?: ApiKeyPermissions,
): Promise<ApiKey> {
  if (!couldBeApiKey(key, config)) throw raise(API_KEY_ERRORS.INVALID_API_KEY);
  const hash = hashApiKey(key);
  const now = clock.now();
  const settings: UsageSettings = { rateLimitEnabled: config.rateLimit.enabled };
  if (permissions) {
    // Refused permissions must not spend a use, so they are checked before spending.
    const refusal = refusalOf(await keys.findByHash(hash), now, settings, permissions, false);
    if (refusal) throw refusal;
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const spent = await keys.spend(hash, now, settings);
    if (spent) return spent;
    const refusal = refusalOf(await keys.findByHash(hash), now, settings, permissions, true);
    if (refusal) throw refusal;
  }
  throw raise(API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY);
}

/** Why `apiKey` may not be used at `now`, or null when it may. */
function refusalOf(
  apiKey: ApiKey | null,
  now: Date,
  settings: UsageSettings,
  permissions: ApiKeyPermissions | undefined,
  withUsage: boolean,
): AuthError | null {
  if (!apiKey) return raise(API_KEY_ERRORS.INVALID_API_KEY);
  if (!apiKey.enabled) return raise(API_KEY_ERRORS.API_KEY_IS_DISABLED);
  if (isExpired(apiKey, now)) return raise(API_KEY_ERRORS.API_KEY_HAS_EXPIRED);
  // better-auth answers a key without the requested permissions as not found.
  if (permissions && !coversPermissions(apiKey.permissions, permissions)) return raise(API_KEY_ERRORS.API_KEY_NOT_FOUND);
  if (!withUsage) return null;
  const decision = decideUsage(apiKey, now, settings);
  if (decision.allowed) return null;
  return decision.reason === 'usage-exceeded' ? raise(API_KEY_ERRORS.API_KEY_HAS_REACHED_ITS_USAGE_LIMIT) : rateLimitExceeded(decision.retryAfterMs);
}
