import type { MemoryTables } from '@tend/kernel';
import type { AccessTokenRecord, AccessTokenStore } from '../../tokens/access-token.js';
import { OAUTH_CLIENTS_TABLE } from './memory-oauth-client-repository.js';

export const ACCESS_TOKENS_TABLE = 'oauthAccessTokens';

/**
 * Access tokens' records in memory; each method decides and writes in one synchronous step
 * (atomic). Deleting the user or the client deletes their tokens, as the database's cascades do.
 */
export class MemoryAccessTokenStore implements AccessTokenStore {
  private readonly rows: Map<string, AccessTokenRecord>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<AccessTokenRecord>(ACCESS_TOKENS_TABLE);
    tables.onDelete('users', (userId) => this.deleteWhere((row) => row.userId === userId));
    tables.onDelete(OAUTH_CLIENTS_TABLE, (clientId) => this.deleteWhere((row) => row.clientId === clientId));
  }

  async insert(token: AccessTokenRecord): Promise<void> {
    if (this.rows.has(token.id)) throw new Error('Duplicate access token id');
    this.rows.set(token.id, copy(token));
  }

  async find(id: string): Promise<AccessTokenRecord | null> {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    row.revokedAt ??= new Date(now);
    return true;
  }

  async revokeFamily(familyId: string, now: Date): Promise<number> {
    return this.revokeWhere((row) => row.familyId === familyId, now);
  }

  async revokeSession(sessionId: string, now: Date): Promise<number> {
    return this.revokeWhere((row) => row.sessionId === sessionId, now);
  }

  async revokeGrant(userId: string, clientId: string, now: Date): Promise<number> {
    return this.revokeWhere((row) => row.userId === userId && row.clientId === clientId, now);
  }

  async revokeClient(clientId: string, now: Date): Promise<number> {
    return this.revokeWhere((row) => row.clientId === clientId, now);
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.deleteWhere((row) => row.expiresAt.getTime() < now.getTime());
  }

  /** Revokes the matching tokens not revoked yet; answers how many. */
  private revokeWhere(matches: (row: AccessTokenRecord) => boolean, now: Date): number {
    let revoked = 0;
    for (const row of this.rows.values()) {
      if (row.revokedAt === null && matches(row)) {
        row.revokedAt = new Date(now);
        revoked += 1;
      }
    }
    return revoked;
  }

  private deleteWhere(matches: (row: AccessTokenRecord) => boolean): number {
    let deleted = 0;
    for (const [id, row] of this.rows) {
      if (matches(row)) {
        this.rows.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}

function copy(row: AccessTokenRecord): AccessTokenRecord {
  return { ...row, scopes: [...row.scopes], createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt), revokedAt: row.revokedAt && new Date(row.revokedAt) };
}
