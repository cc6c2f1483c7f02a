import { routes } from '@tend/contracts';
import { API_KEY_ERRORS } from '@tend/api-keys';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { API_KEYS } from './tokens.js';

const tags = ['API keys'];
/** What a request authenticated by a key may answer (any guarded route, these ones included). */
const keyErrors = [
  API_KEY_ERRORS.INVALID_API_KEY,
  API_KEY_ERRORS.API_KEY_IS_DISABLED,
  API_KEY_ERRORS.API_KEY_HAS_EXPIRED,
  API_KEY_ERRORS.API_KEY_HAS_REACHED_ITS_USAGE_LIMIT,
  API_KEY_ERRORS.RATE_LIMIT_EXCEEDED,
];
/** What reading the caller of a request may answer when it carries a key (a use that cannot be spent is a 500). */
export const API_KEY_CALLER_ERRORS = [...keyErrors, API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY];
const settingErrors = [
  ...keyErrors,
  API_KEY_ERRORS.METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED,
  API_KEY_ERRORS.THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE,
  API_KEY_ERRORS.THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE,
  API_KEY_ERRORS.THE_REMAINING_COUNT_IS_EITHER_TOO_LARGE_OR_TOO_SMALL,
  API_KEY_ERRORS.THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL,
  API_KEY_ERRORS.METADATA_IS_DISABLED,
  API_KEY_ERRORS.REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED,
  API_KEY_ERRORS.REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED,
  SESSION_ERRORS.UNAUTHORIZED,
];

export const createApiKey = endpoint({
  ...routes.createApiKey,
  summary: 'Create an API key for the signed-in user',
  description: 'The answer carries the plaintext `key` this once; only its SHA-256 is stored.',
  tags,
  auth: 'session',
  errors: [...settingErrors, API_KEY_ERRORS.THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL, API_KEY_ERRORS.API_KEY_NAME_IS_REQUIRED],
  deps: { create: API_KEYS.Create },
  handler: ({ deps, body, auth }) => deps.create.execute({ ...body, userId: auth.user.id }),
});

export const listApiKeys = endpoint({
  ...routes.listApiKeys,
  summary: "The signed-in user's API keys (never the keys themselves)",
  tags,
  auth: 'session',
  errors: [...keyErrors, SESSION_ERRORS.UNAUTHORIZED],
  deps: { list: API_KEYS.List },
  handler: ({ deps, auth }) => deps.list.execute({ userId: auth.user.id }),
});

export const getApiKey = endpoint({
  ...routes.getApiKey,
  summary: 'One of the signed-in user’s API keys',
  tags,
  auth: 'session',
  errors: [API_KEY_ERRORS.API_KEY_NOT_FOUND, ...keyErrors, SESSION_ERRORS.UNAUTHORIZED],
  deps: { get: API_KEYS.Get },
  handler: ({ deps, query, auth }) => deps.get.execute({ userId: auth.user.id, id: query.id }),
});

export const updateApiKey = endpoint({
  ...routes.updateApiKey,
  summary: 'Change one of the signed-in user’s API keys',
  tags,
  auth: 'session',
  errors: [API_KEY_ERRORS.API_KEY_NOT_FOUND, API_KEY_ERRORS.NO_VALUES_TO_UPDATE, API_KEY_ERRORS.FAILED_TO_UPDATE_API_KEY, ...settingErrors],
  deps: { update: API_KEYS.Update },
  handler: ({ deps, body, auth }) => deps.update.execute({ ...body, userId: auth.user.id }),
});

export const deleteApiKey = endpoint({
  ...routes.deleteApiKey,
  summary: 'Delete one of the signed-in user’s API keys',
  tags,
  auth: 'session',
  errors: [API_KEY_ERRORS.API_KEY_NOT_FOUND, ...keyErrors, SESSION_ERRORS.UNAUTHORIZED],
  deps: { remove: API_KEYS.Delete },
  handler: ({ deps, body, auth }) => deps.remove.execute({ userId: auth.user.id, keyId: body.keyId }),
});

export const verifyApiKey = endpoint({
  ...routes.verifyApiKey,
  summary: 'Check an API key (and, optionally, its permissions)',
  description: 'Spends one use of the key when it is valid. Refusals answer `{valid: false, error}` with status 200.',
  tags,
  auth: 'public',
  deps: { verify: API_KEYS.Verify },
  handler: ({ deps, body }) => deps.verify.execute(body),
});
