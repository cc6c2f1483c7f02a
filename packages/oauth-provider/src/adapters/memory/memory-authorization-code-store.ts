import type { MemoryTables } from '@tend/kernel';
import type { AuthorizationCodeRecord, ConsumeResult } from '../../codes/authorization-code.js';
import type { AuthorizationCodeStore } from '../../codes/authorization-code-store.port.js';
import { OAUTH_CLIENTS_TABLE } from './memory-oauth-client-repository.js';

export const AUTHORIZATION_CODES_TABLE = 'oauthAuthorizationCodes';

/**
 * Authorization codes in memory; consume reads and marks in one synchronous step (atomic).
 * Deleting the user or the client deletes their codes, as the database's cascades do.
 */
export class MemoryAuthorizationCodeStore implements AuthorizationCodeStore {
  private readonly rows: Map<string, AuthorizationCodeRecord>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<AuthorizationCodeRecord>(AUTHORIZATION_CODES_TABLE);
    tables.onDelete('users', (userId) => this.deleteWhere((row) => row.userId === userId));
    tables.onDelete(OAUTH_CLIENTS_TABLE, (clientId) => this.deleteWhere((row) => row.clientId === clientId));
  }

  async save(code: AuthorizationCodeRecord): Promise<void> {
    if (this.rows.has(code.codeHash)) throw new Error('Duplicate authorization code');
    this.rows.set(code.codeHash, copy(code));
  }

  async consume(codeHash: string, now: Date): Promise<ConsumeResult> {
    const row = this.rows.get(codeHash);
    if (!row) return { status: 'unknown' };
    if (row.consumedAt !== null) return { status: 'replayed', code: copy(row) };
    row.consumedAt = new Date(now);
    return { status: 'consumed', code: copy(row) };
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.deleteWhere((row) => row.expiresAt.getTime() < now.getTime());
  }

  private deleteWhere(matches: (row: AuthorizationCodeRecord) => boolean): number {
    let deleted = 0;
    for (const [hash, row] of this.rows) {
      if (matches(row)) {
        this.rows.delete(hash);
        deleted += 1;
      }
    }
    return deleted;
  }
}

function copy(row: AuthorizationCodeRecord): AuthorizationCodeRecord {
  return { ...row, scopes: [...row.scopes], createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt), consumedAt: row.consumedAt && new Date(row.consumedAt) };
}
