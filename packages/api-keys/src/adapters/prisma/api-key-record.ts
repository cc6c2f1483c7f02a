import type { ApiKey, ApiKeyChanges, ApiKeyPermissions } from '../../api-key.js';

/** A row of the `apikey` table, as the client and raw queries answer it. */
export interface ApiKeyRow {
  id: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  key: string;
  userId: string;
  refillInterval: number | null;
  refillAmount: number | null;
  lastRefillAt: Date | null;
  enabled: boolean;
  rateLimitEnabled: boolean;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number;
  remaining: number | null;
  lastRequest: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  permissions: string | null;
  metadata: string | null;
}

/** The entity of a row, field by field; JSON text becomes objects (anything but a JSON object: null). */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    prefix: row.prefix,
    hash: row.key,
    userId: row.userId,
    refillInterval: row.refillInterval,
    refillAmount: row.refillAmount,
    lastRefillAt: row.lastRefillAt,
    enabled: row.enabled,
    rateLimitEnabled: row.rateLimitEnabled,
    rateLimitTimeWindow: row.rateLimitTimeWindow,
    rateLimitMax: row.rateLimitMax,
    requestCount: row.requestCount,
    remaining: row.remaining,
    lastRequest: row.lastRequest,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    permissions: parseJson(row.permissions) as ApiKeyPermissions | null,
    metadata: parseJson(row.metadata) as Record<string, unknown> | null,
  };
}

/** The row of an entity, field by field. */
export function toApiKeyRow(apiKey: ApiKey): ApiKeyRow {
  return {
    id: apiKey.id,
    name: apiKey.name,
    start: apiKey.start,
    prefix: apiKey.prefix,
    key: apiKey.hash,
    userId: apiKey.userId,
    refillInterval: apiKey.refillInterval,
    refillAmount: apiKey.refillAmount,
    lastRefillAt: apiKey.lastRefillAt,
    enabled: apiKey.enabled,
    rateLimitEnabled: apiKey.rateLimitEnabled,
    rateLimitTimeWindow: apiKey.rateLimitTimeWindow,
    rateLimitMax: apiKey.rateLimitMax,
    requestCount: apiKey.requestCount,
    remaining: apiKey.remaining,
    lastRequest: apiKey.lastRequest,
    expiresAt: apiKey.expiresAt,
    createdAt: apiKey.createdAt,
    updatedAt: apiKey.updatedAt,
    permissions: toJson(apiKey.permissions),
    metadata: toJson(apiKey.metadata),
  };
}

/** The columns of a change; JSON fields become text. */
export function toChangedColumns(changes: ApiKeyChanges): Partial<ApiKeyRow> {
  const { permissions, metadata, ...plain } = changes;
  return {
    ...plain,
    ...(permissions !== undefined ? { permissions: toJson(permissions) } : {}),
    ...(metadata !== undefined ? { metadata: toJson(metadata) } : {}),
  };
}

function toJson(value: object | null): string | null {
  return value === null ? null : JSON.stringify(value);
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
