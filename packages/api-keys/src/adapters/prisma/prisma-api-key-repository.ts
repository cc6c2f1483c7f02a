import type { Database } from '@tend/database';
import { isNotFound } from '@tend/database';
import type { ApiKey, ApiKeyChanges } from '../../api-key.js';
import type { ApiKeyRepository } from '../../api-key-repository.port.js';
import type { UsageSettings } from '../../usage-policy.js';
import { toApiKey, toApiKeyRow, toChangedColumns, type ApiKeyRow } from './api-key-record.js';

/**
 * API keys in the `apikey` table. A use is one conditional UPDATE on the unique hash: the
 * row lock serialises parallel uses of one key, and PostgreSQL re-evaluates the WHERE and
 * SET expressions on the latest row after waiting, so parallel requests never overspend.
 */
export class PrismaApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Database) {}

  async create(apiKey: ApiKey): Promise<ApiKey> {
    return toApiKey(await this.db.apiKey.create({ data: toApiKeyRow(apiKey) }));
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = await this.db.apiKey.findUnique({ where: { id } });
    return row ? toApiKey(row) : null;
  }

  async findByHash(hash: string): Promise<ApiKey | null> {
    const row = await this.db.apiKey.findUnique({ where: { key: hash } });
    return row ? toApiKey(row) : null;
  }

  async listByUser(userId: string): Promise<ApiKey[]> {
    const rows = await this.db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toApiKey);
  }

  async update(id: string, changes: ApiKeyChanges & { updatedAt: Date }): Promise<ApiKey | null> {
    try {
      return toApiKey(await this.db.apiKey.update({ where: { id }, data: toChangedColumns(changes) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const { count } = await this.db.apiKey.deleteMany({ where: { id } });
    return count > 0;
  }

  /**
   * `decideUsage` as one statement (keep the two in step; the contract tests compare them).
   * Times are compared as epoch milliseconds and written from them, never through the
   * session time zone: the columns hold UTC, as Prisma writes them. `now` comes from the
   * caller's clock, not SQL now(), so tests can move time.
   */
  async spend(hash: string, now: Date, settings: UsageSettings): Promise<ApiKey | null> {
    const at = BigInt(now.getTime());
    const rows = await this.db.$queryRaw<ApiKeyRow[]>`
      UPDATE "apikey" SET
        "remaining" = CASE
          WHEN "remaining" IS NULL THEN NULL
          WHEN COALESCE("refillAmount" IS NOT NULL AND "refillInterval" > 0
            AND ${at}::bigint - (EXTRACT(EPOCH FROM COALESCE("lastRefillAt", "createdAt")) * 1000)::bigint >= "refillInterval", false)
            THEN GREATEST("remaining", "refillAmount") - 1
          ELSE "remaining" - 1 END,
        "lastRefillAt" = CASE
          WHEN COALESCE("refillAmount" IS NOT NULL AND "refillInterval" > 0
            AND ${at}::bigint - (EXTRACT(EPOCH FROM COALESCE("lastRefillAt", "createdAt")) * 1000)::bigint >= "refillInterval", false)
            THEN TIMESTAMP '1970-01-01 00:00:00' + ${at}::bigint * INTERVAL '1 millisecond'
          ELSE "lastRefillAt" END,
        "requestCount" = CASE
          WHEN COALESCE("rateLimitTimeWindow" > 0 AND ("lastRequest" IS NULL
            OR (EXTRACT(EPOCH FROM "lastRequest") * 1000)::bigint / "rateLimitTimeWindow" <> ${at}::bigint / "rateLimitTimeWindow"), false)
            THEN 1
          ELSE "requestCount" + 1 END,
        "lastRequest" = TIMESTAMP '1970-01-01 00:00:00' + ${at}::bigint * INTERVAL '1 millisecond'
      WHERE "key" = ${hash}
        AND "enabled"
        AND ("expiresAt" IS NULL OR (EXTRACT(EPOCH FROM "expiresAt") * 1000)::bigint > ${at}::bigint)
        AND ("remaining" IS NULL OR CASE
          WHEN COALESCE("refillAmount" IS NOT NULL AND "refillInterval" > 0
            AND ${at}::bigint - (EXTRACT(EPOCH FROM COALESCE("lastRefillAt", "createdAt")) * 1000)::bigint >= "refillInterval", false)
            THEN GREATEST("remaining", "refillAmount")
          ELSE "remaining" END > 0)
        AND NOT COALESCE(${settings.rateLimitEnabled}::boolean AND "rateLimitEnabled" AND "rateLimitTimeWindow" > 0
          AND "rateLimitMax" IS NOT NULL
          AND CASE
            WHEN "lastRequest" IS NULL
              OR (EXTRACT(EPOCH FROM "lastRequest") * 1000)::bigint / "rateLimitTimeWindow" <> ${at}::bigint / "rateLimitTimeWindow"
              THEN 0
            ELSE "requestCount" END >= "rateLimitMax", false)
      RETURNING *`;
    const row = rows[0];
    return row ? toApiKey(row) : null;
  }
}
