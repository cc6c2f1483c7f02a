// The gateway's API-key endpoints, typed from @tend/contracts, what the API keys page shows of a
// key (never the key itself, which the gateway answers once, at creation), and the API-key error
// codes in plain words.
import type * as schemas from '@tend/contracts';
import type { Input, Output } from '@tend/contracts';
import { describeError, type ErrorLike, type FormErrors } from './errors';
import { formatUtc } from './format';
import type { GatewayClient } from './gateway.server';

export type ApiKey = Output<typeof schemas.apiKey>;
export type CreatedApiKey = Output<typeof schemas.createdApiKey>;

const base = '/api/auth/api-key';

/** The typed calls of the gateway's API-key routes (as the signed-in user, by session cookie). */
export const apiKeys = {
  list: (api: GatewayClient) => api.get<Output<typeof schemas.listApiKeysResponse>>(`${base}/list`),
  create: (api: GatewayClient, body: Input<typeof schemas.createApiKeyBody>) => api.post<CreatedApiKey>(`${base}/create`, body),
  update: (api: GatewayClient, body: Input<typeof schemas.updateApiKeyBody>) => api.post<ApiKey>(`${base}/update`, body),
  remove: (api: GatewayClient, keyId: string) => api.post<Output<typeof schemas.success>>(`${base}/delete`, { keyId } satisfies Input<typeof schemas.deleteApiKeyBody>),
};

/** The longest name the gateway accepts (better-auth's default). */
export const NAME_MAX = 32;

const DAY_SECONDS = 86_400;

/** The choices of the Expires field: value -> label and seconds (null: never). */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', seconds: null },
  { value: '7d', label: '7 days', seconds: 7 * DAY_SECONDS },
  { value: '30d', label: '30 days', seconds: 30 * DAY_SECONDS },
  { value: '90d', label: '90 days', seconds: 90 * DAY_SECONDS },
  { value: '1y', label: '1 year', seconds: 365 * DAY_SECONDS },
] as const;

export const DEFAULT_EXPIRY = '90d';

export type NewKeyForm = { ok: true; name: string; expiresIn: number | null } | { ok: false; errors: FormErrors; values: { name: string; expires: string } };

/** The create form: a name (required, so the key can be recognised later) and one of the expiry choices. */
export function parseNewKey(form: FormData): NewKeyForm {
  const raw = form.get('name');
  const name = typeof raw === 'string' ? raw.trim() : '';
  const expiresRaw = form.get('expires');
  const expires = typeof expiresRaw === 'string' ? expiresRaw : '';
  const choice = EXPIRY_CHOICES.find((c) => c.value === expires);
  const fields: Record<string, string> = {};
  if (!name) fields.name = 'Please give the key a name, so you can tell it apart later.';
  else if (name.length > NAME_MAX) fields.name = `Please use a name of at most ${NAME_MAX} characters.`;
  if (!choice) fields.expires = 'Please choose when the key should expire.';
  if (Object.keys(fields).length || !choice) return { ok: false, errors: { fields, form: 'Please check the highlighted fields.' }, values: { name, expires } };
  return { ok: true, name, expiresIn: choice.seconds };
}

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
