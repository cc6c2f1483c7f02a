// API keys (spec section 8 "API key messages", section 9 "apikey"), after the ecosystem's api-key routes.
import { z } from 'zod';
import { success } from './auth.js';
import { idInput, jsonRecord, line, timestamp, tokenInput } from './primitives.js';
import { route } from './route.js';

const count = () => z.number().int().min(0).max(2_147_483_647);
const duration = () => z.number().int().min(1).max(2_147_483_647);
const permissions = () => z.record(line(100), z.array(line(100)).max(100));
const metadata = () => jsonRecord();

export const apiKey = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    start: z.string().nullable(),
    prefix: z.string().nullable(),
    userId: z.string(),
    enabled: z.boolean(),
    expiresAt: timestamp().nullable(),
    remaining: z.number().nullable(),
    refillAmount: z.number().nullable(),
    refillInterval: z.number().nullable(),
    lastRefillAt: timestamp().nullable(),
    rateLimitEnabled: z.boolean(),
    rateLimitTimeWindow: z.number().nullable(),
    rateLimitMax: z.number().nullable(),
    requestCount: z.number(),
    lastRequest: timestamp().nullable(),
    permissions: permissions().nullable(),
    metadata: metadata().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'ApiKey' });

const settings = {
  remaining: count().nullable().optional(),
  refillAmount: count().nullable().optional(),
  /** milliseconds */
  refillInterval: duration().nullable().optional(),
  rateLimitEnabled: z.boolean().optional(),
  /** milliseconds */
  rateLimitTimeWindow: duration().nullable().optional(),
  rateLimitMax: count().nullable().optional(),
  permissions: permissions().nullable().optional(),
  metadata: metadata().nullable().optional(),
};

export const createApiKeyBody = z.object({
  name: line(32).nullable().optional(),
  /** Seconds until the key expires: a whole number >= 1; null or absent: never. */
  expiresIn: z.number().int().min(1).nullable().optional(),
  prefix: line(32).nullable().optional(),
  ...settings,
});
export const createdApiKey = apiKey.extend({ key: z.string() });

export const getApiKeyQuery = z.object({ id: idInput() });
export const listApiKeysResponse = z.array(apiKey);

export const updateApiKeyBody = z.object({
  keyId: idInput(),
  name: line(32).optional(),
  enabled: z.boolean().optional(),
  expiresIn: z.number().int().min(1).nullable().optional(),
  ...settings,
});
export const deleteApiKeyBody = z.object({ keyId: idInput() });

export const verifyApiKeyBody = z.object({ key: tokenInput(512).min(1), permissions: permissions().optional() });
export const verifyApiKeyResponse = z.object({
  valid: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).loose().nullable(),
  key: apiKey.nullable(),
});

// ------------------------------------------------------------------ routes

/** The API-key routes. */
export const apiKeyRoutes = {
  createApiKey: route({ method: 'post', path: '/api-key/create', body: createApiKeyBody, response: createdApiKey }),
  listApiKeys: route({ method: 'get', path: '/api-key/list', response: listApiKeysResponse }),
  getApiKey: route({ method: 'get', path: '/api-key/get', query: getApiKeyQuery, response: apiKey }),
  updateApiKey: route({ method: 'post', path: '/api-key/update', body: updateApiKeyBody, response: apiKey }),
  deleteApiKey: route({ method: 'post', path: '/api-key/delete', body: deleteApiKeyBody, response: success }),
  verifyApiKey: route({ method: 'post', path: '/api-key/verify', body: verifyApiKeyBody, response: verifyApiKeyResponse }),
};
