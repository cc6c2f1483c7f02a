import type { Database } from '@tend/database';
import { uuid } from '@tend/kernel';
import type { RateLimitAdmission, RateLimitHit, RateLimitStore } from '../../rate-limit-store.port.js';

/**
 * Counters in the `rate_limit` table, shared by every gateway instance on the database.
 * A row per key: `count` hits in the window that started at `lastRequest` (milliseconds since the
 * epoch, the window start, not the latest hit). A hit is one statement, an upsert on the unique
 * `key`, so PostgreSQL serialises concurrent hits on a key through the row lock.
 */
export class PrismaRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit> {
    const row = await this.upsert(key, windowMs, nowMs);
    if (!row) throw new Error('rate_limit upsert returned no row');
    return row;
  }

  async hitBelow(key: string, limit: number, windowMs: number, nowMs: number): Promise<RateLimitAdmission> {
    const row = await this.upsert(key, windowMs, nowMs, limit);
    if (row) return { ...row, counted: true };
    const current = await this.peek(key, windowMs, nowMs);
    return { count: current?.count ?? limit, resetAtMs: current?.resetAtMs ?? nowMs + windowMs, counted: false };
  }

  /**
   * The hit as one statement. In DO UPDATE, "rate_limit".* is the row before this hit, so both
   * CASEs test the old window. With a `limit`, the WHERE of DO UPDATE leaves a full window's row
   * alone and no row is returned: one statement decides.
   */
  private async upsert(key: string, windowMs: number, nowMs: number, limit?: number): Promise<RateLimitHit | undefined> {
    const now = BigInt(Math.floor(nowMs));
    const window = BigInt(Math.ceil(windowMs));
    const rows = await this.db.$queryRaw<{ count: number; lastRequest: bigint | number | string }[]>`
      INSERT INTO "rate_limit" ("id", "key", "count", "lastRequest")
      VALUES (${uuid()}, ${key}, 1, ${now}::bigint)
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN ${now}::bigint >= "rate_limit"."lastRequest" + ${window}::bigint
          THEN 1 ELSE "rate_limit"."count" + 1 END,
        "lastRequest" = CASE WHEN ${now}::bigint >= "rate_limit"."lastRequest" + ${window}::bigint
          THEN ${now}::bigint ELSE "rate_limit"."lastRequest" END
      WHERE ${limit === undefined}::boolean
        OR ${now}::bigint >= "rate_limit"."lastRequest" + ${window}::bigint
        OR "rate_limit"."count" < ${Math.floor(limit ?? 0)}
      RETURNING "count", "lastRequest"`;
    const row = rows[0];
    return row && { count: Number(row.count), resetAtMs: Number(row.lastRequest) + Number(window) };
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit | null> {
    const row = await this.db.rateLimit.findUnique({ where: { key }, select: { count: true, lastRequest: true } });
    if (!row) return null;
    const resetAtMs = Number(row.lastRequest) + windowMs;
    return nowMs < resetAtMs ? { count: row.count, resetAtMs } : null;
  }

  async reset(key: string): Promise<void> {
    await this.db.rateLimit.deleteMany({ where: { key } });
  }

  /**
   * Deletes the rows whose window has surely ended: started at least `longestWindowMs` before
   * `nowMs`. Returns how many; the gateway runs it from time to time to keep the table small.
   */
  async sweep(nowMs: number, longestWindowMs: number): Promise<number> {
    const { count } = await this.db.rateLimit.deleteMany({
      where: { lastRequest: { lte: BigInt(Math.floor(nowMs - longestWindowMs)) } },
    });
    return count;
  }
}
