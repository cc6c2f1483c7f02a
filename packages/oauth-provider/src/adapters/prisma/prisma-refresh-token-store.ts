import type { Database } from '@tend/database';
import type { RefreshTokenRecord, RotateResult } from '../../refresh/refresh-token.js';
import type { RefreshTokenStore } from '../../refresh/refresh-token-store.port.js';
import { TRANSACTION_OPTIONS } from './records.js';

/**
 * Refresh tokens in `oauth_refresh_token`, revoked families in `oauth_revoked_family`. A rotation
 * is one transaction that first locks the token's row, so of concurrent rotations exactly one
 * finds it not rotated, marks it and stores its successor; the others, reading after it commits,
 * find it rotated (or its family revoked).
 */
export class PrismaRefreshTokenStore implements RefreshTokenStore {
  constructor(private readonly db: Database) {}

  async insert(token: RefreshTokenRecord): Promise<void> {
    await this.db.oauthRefreshToken.create({ data: token });
  }

  async find(tokenHash: string): Promise<RefreshTokenRecord | null> {
    return this.db.oauthRefreshToken.findUnique({ where: { tokenHash } });
  }

  async rotate(tokenHash: string, successor: RefreshTokenRecord, sealedSuccessor: string, now: Date): Promise<RotateResult> {
    return this.db.$transaction(async (tx): Promise<RotateResult> => {
      // The row lock: a concurrent rotation waits here until this one commits, then reads its write.
      const locked = await tx.$queryRaw<Array<{ familyId: string }>>`SELECT "familyId" FROM "oauth_refresh_token" WHERE "tokenHash" = ${tokenHash} FOR UPDATE`;
      const familyId = locked[0]?.familyId;
      if (familyId === undefined) return { status: 'unknown' };
      if (await tx.oauthRevokedFamily.findUnique({ where: { familyId } })) return { status: 'revoked' };
      const row = await tx.oauthRefreshToken.findUniqueOrThrow({ where: { tokenHash } });
      if (row.rotatedAt !== null) return { status: 'already-rotated', token: row };
      await tx.oauthRefreshToken.update({ where: { tokenHash }, data: { rotatedAt: now, successorHash: successor.tokenHash, sealedSuccessor } });
      await tx.oauthRefreshToken.create({ data: successor });
      return { status: 'rotated' };
    }, TRANSACTION_OPTIONS);
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    // ON CONFLICT DO NOTHING: the first revocation's time stays.
    await this.db.oauthRevokedFamily.createMany({ data: [{ familyId, revokedAt: now }], skipDuplicates: true });
  }

  async deleteExpired(now: Date, familiesBefore: Date): Promise<number> {
    const { count } = await this.db.oauthRefreshToken.deleteMany({ where: { expiresAt: { lt: now } } });
    await this.db.oauthRevokedFamily.deleteMany({ where: { revokedAt: { lt: familiesBefore } } });
    return count;
  }

  async revokeGrant(userId: string, clientId: string, now: Date): Promise<number> {
    const families = await this.db.oauthRefreshToken.findMany({ where: { userId, clientId }, select: { familyId: true }, distinct: ['familyId'] });
    if (families.length === 0) return 0;
    await this.db.oauthRevokedFamily.createMany({ data: families.map(({ familyId }) => ({ familyId, revokedAt: now })), skipDuplicates: true });
    return families.length;
  }

  async isFamilyRevoked(familyId: string): Promise<boolean> {
    return (await this.db.oauthRevokedFamily.count({ where: { familyId } })) > 0;
  }
}
