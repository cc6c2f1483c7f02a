// API keys: what the API keys page shows of a key (never the key itself, which the gateway answers
// once, at creation), and the API-key error codes in plain words.
import type * as schemas from '@tend/contracts';
import type { Output } from '@tend/contracts';
import { describeError, type ErrorLike, type FormErrors } from './errors';
import { NAME_MAX } from './form-schemas';
import { formatUtc } from './format';

export type ApiKey = Output<typeof schemas.apiKey>;
export type CreatedApiKey = Output<typeof schemas.createdApiKey>;

/** A key as the page shows it: dates pre-rendered in UTC for the first paint, no key, no hash. */
export function keyRow(key: ApiKey, now: Date) {
  const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime();
  return {
    id: key.id,
    name: key.name || 'Unnamed key',
    start: key.start ? `${key.start}…` : '…',
    createdAt: key.createdAt,
    createdUtc: formatUtc(key.createdAt),
    expiresAt: key.expiresAt,
    expiresUtc: key.expiresAt ? formatUtc(key.expiresAt) : null,
    lastUsed: key.lastRequest,
    lastUsedUtc: key.lastRequest ? formatUtc(key.lastRequest) : null,
    enabled: key.enabled,
    expired,
    limit: limitOf(key),
    remaining: key.remaining,
  };
}

export type KeyRow = ReturnType<typeof keyRow>;

/** "10 requests a day", "100 requests per 5 minutes", or null without a rate limit. */
function limitOf(key: ApiKey): string | null {
  if (!key.rateLimitEnabled || !key.rateLimitMax || !key.rateLimitTimeWindow) return null;
  const requests = `${key.rateLimitMax} request${key.rateLimitMax === 1 ? '' : 's'}`;
  const ms = key.rateLimitTimeWindow;
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms % size !== 0) continue;
    const count = ms / size;
    return count === 1 ? `${requests} a ${unit}` : `${requests} per ${count} ${unit}s`;
  }
  return `${requests} per ${ms} ms`;
}

const messages: Record<string, { field?: 'name'; message: string }> = {
  API_KEY_NOT_FOUND: { message: 'That key no longer exists. It may have been deleted in another window.' },
  THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL: { field: 'name', message: `Please use a name of 1 to ${NAME_MAX} characters.` },
  API_KEY_NAME_IS_REQUIRED: { field: 'name', message: 'Please give the key a name, so you can tell it apart later.' },
  THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE: { message: 'That expiry is too soon. Please choose a later one.' },
  THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE: { message: 'That expiry is too far away. Please choose an earlier one.' },
  NO_VALUES_TO_UPDATE: { message: 'There was nothing to change.' },
  FAILED_TO_UPDATE_API_KEY: { message: "We couldn't save that change. Please try again in a moment." },
};

/** The form errors for a refusal of an API-key route; other codes fall back to the shared table. */
export function describeApiKeyError(error: ErrorLike, fields: { name?: string } = {}): FormErrors {
  const entry = messages[error.code];
  if (!entry) return describeError(error, fields);
  const input = entry.field ? fields[entry.field] : undefined;
  if (input) return { fields: { [input]: entry.message }, code: error.code };
  return { form: entry.message, fields: {}, code: error.code };
}
