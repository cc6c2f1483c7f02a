import type { Database, DatabaseHandle } from '@tend/database';
import type { AccessTokenRecord, AccessTokenStore } from '../../tokens/access-token.js';

const COLUMNS = ['id', 'clientId', 'userId', 'sessionId', 'familyId', 'scopes', 'createdAt', 'expiresAt', 'revokedAt'] as const satisfies readonly (keyof AccessTokenRecord)[];
const INSERT_ACCESS_TOKEN_STATEMENT = 'tend_oauth_insert_access_token';
const INSERT_ACCESS_TOKEN_SQL = `INSERT INTO "oauth_access_token" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ($1, $2, $3, $4, $5, $6::text[], $7::timestamp, $8::timestamp, $9::timestamp)`;
export const ACCESS_TOKEN_BY_ID_STATEMENT = 'tend_oauth_access_token_by_id';
const ACCESS_TOKEN_BY_ID_SQL = `SELECT ${COLUMNS.map((c) => `"${c}"`).join(', ')} FROM "oauth_access_token" WHERE "id" = $1`;

/**
 * Access tokens' records in the `oauth_access_token` table. A revocation is one conditional
 * UPDATE (`revokedAt IS NULL`): a concurrent one waits on the row locks and, re-checking the
 * condition on the rows it waited for, skips them, so each token is counted once.
 */
export class PrismaAccessTokenStore implements AccessTokenStore {
  /** With the driver-level handle, `find` (userinfo, introspection, revocation) and `insert` (every token issued) are prepared statements. */
  constructor(
    private readonly db: Database,
    private readonly sql: DatabaseHandle['sql'] | null = null,
  ) {}

  async insert(token: AccessTokenRecord): Promise<void> {
    if (!this.sql) {
      await this.db.oauthAccessToken.create({ data: token });
      return;
    }
    // Timestamps as ISO text: the columns are UTC without a zone, as Prisma writes them.
    const at = (date: Date | null) => date && date.toISOString();
    await this.sql.query(INSERT_ACCESS_TOKEN_STATEMENT, INSERT_ACCESS_TOKEN_SQL, [
      token.id,
      token.clientId,
      token.userId,
      token.sessionId,
      token.familyId,
      token.scopes,
      at(token.createdAt),
      at(token.expiresAt),
      at(token.revokedAt),
    ]);
  }

  async find(id: string): Promise<AccessTokenRecord | null> {
    if (!this.sql) return this.db.oauthAccessToken.findUnique({ where: { id } });
    const [row] = await this.sql.query<AccessTokenRecord>(ACCESS_TOKEN_BY_ID_STATEMENT, ACCESS_TOKEN_BY_ID_SQL, [id]);
    return row ?? null;
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const { count } = await this.db.oauthAccessToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    return count > 0 || (await this.db.oauthAccessToken.count({ where: { id } })) > 0;
  }

  async revokeFamily(familyId: string, now: Date): Promise<number> {
    return this.revokeWhere({ familyId }, now);
  }

  async revokeSession(sessionId: string, now: Date): Promise<number> {
    return this.revokeWhere({ sessionId }, now);
  }

  async revokeGrant(userId: string, clientId: string, now: Date): Promise<number> {
    return this.revokeWhere({ userId, clientId }, now);
  }

  async revokeClient(clientId: string, now: Date): Promise<number> {
    return this.revokeWhere({ clientId }, now);
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.db.oauthAccessToken.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  }

  private async revokeWhere(where: { familyId: string } | { sessionId: string } | { clientId: string } | { userId: string; clientId: string }, now: Date): Promise<number> {
    const { count } = await this.db.oauthAccessToken.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
    return count;
  }
}
