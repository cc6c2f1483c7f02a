import type { Database } from '@tend/database';
import type { AccessTokenRecord, AccessTokenStore } from '../../tokens/access-token.js';

/**
 * Access tokens' records in the `oauth_access_token` table. A revocation is one conditional
 * UPDATE (`revokedAt IS NULL`): a concurrent one waits on the row locks and, re-checking the
 * condition on the rows it waited for, skips them, so each token is counted once.
 */
export class PrismaAccessTokenStore implements AccessTokenStore {
  constructor(private readonly db: Database) {}

  async insert(token: AccessTokenRecord): Promise<void> {
    await this.db.oauthAccessToken.create({ data: token });
  }

  async find(id: string): Promise<AccessTokenRecord | null> {
    return this.db.oauthAccessToken.findUnique({ where: { id } });
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
