import type { MemoryTables } from '@tend/kernel';
import type { RefreshTokenRecord, RotateResult } from '../../refresh/refresh-token.js';
import type { RefreshTokenStore } from '../../refresh/refresh-token-store.port.js';
import { OAUTH_CLIENTS_TABLE } from './memory-oauth-client-repository.js';

export const REFRESH_TOKENS_TABLE = 'oauthRefreshTokens';
export const REVOKED_FAMILIES_TABLE = 'oauthRevokedFamilies';

/**
 * Refresh tokens in memory; `rotate` checks and writes in one synchronous step (atomic).
 * Deleting the user or the client deletes their tokens (not the revoked families), as the
 * database's cascades do.
 */
export class MemoryRefreshTokenStore implements RefreshTokenStore {
  private readonly rows: Map<string, RefreshTokenRecord>;
  private readonly revoked: Map<string, Date>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<RefreshTokenRecord>(REFRESH_TOKENS_TABLE);
    this.revoked = tables.table<Date>(REVOKED_FAMILIES_TABLE);
    const deleteWhere = (matches: (row: RefreshTokenRecord) => boolean) => {
      for (const [hash, row] of this.rows) if (matches(row)) this.rows.delete(hash);
    };
    tables.onDelete('users', (userId) => deleteWhere((row) => row.userId === userId));
    tables.onDelete(OAUTH_CLIENTS_TABLE, (clientId) => deleteWhere((row) => row.clientId === clientId));
  }

  async insert(token: RefreshTokenRecord): Promise<void> {
    if (this.rows.has(token.tokenHash)) throw new Error('Duplicate refresh token');
    this.rows.set(token.tokenHash, copy(token));
  }

  async find(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const row = this.rows.get(tokenHash);
    return row ? copy(row) : null;
  }

  async rotate(tokenHash: string, successor: RefreshTokenRecord, sealedSuccessor: string, now: Date): Promise<RotateResult> {
    const row = this.rows.get(tokenHash);
    if (!row) return { status: 'unknown' };
    if (this.revoked.has(row.familyId)) return { status: 'revoked' };
    if (row.rotatedAt !== null) return { status: 'already-rotated', token: copy(row) };
    if (this.rows.has(successor.tokenHash)) throw new Error('Duplicate refresh token');
    Object.assign(row, { rotatedAt: new Date(now), successorHash: successor.tokenHash, sealedSuccessor });
    this.rows.set(successor.tokenHash, copy(successor));
    return { status: 'rotated' };
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    if (!this.revoked.has(familyId)) this.revoked.set(familyId, new Date(now));
  }

  async isFamilyRevoked(familyId: string): Promise<boolean> {
    return this.revoked.has(familyId);
  }

  async deleteExpired(now: Date, familiesBefore: Date): Promise<number> {
    let deleted = 0;
    for (const [hash, row] of this.rows) {
      if (row.expiresAt.getTime() < now.getTime()) {
        this.rows.delete(hash);
        deleted += 1;
      }
    }
    for (const [familyId, revokedAt] of this.revoked) if (revokedAt.getTime() < familiesBefore.getTime()) this.revoked.delete(familyId);
    return deleted;
  }

  async revokeGrant(userId: string, clientId: string, now: Date): Promise<number> {
    const families = new Set([...this.rows.values()].filter((row) => row.userId === userId && row.clientId === clientId).map((row) => row.familyId));
    for (const familyId of families) if (!this.revoked.has(familyId)) this.revoked.set(familyId, new Date(now));
    return families.size;
  }
}

function copy(row: RefreshTokenRecord): RefreshTokenRecord {
  return {
    ...row,
    scopes: [...row.scopes],
    createdAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
    rotatedAt: row.rotatedAt && new Date(row.rotatedAt),
  };
}
