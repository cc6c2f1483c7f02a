import type { MemoryTables } from '@tend/kernel';
import type { AuthorizationCodeRecord, ConsumeResult } from '../../codes/authorization-code.js';
import type { AuthorizationCodeStore } from '../../codes/authorization-code-store.port.js';

export const AUTHORIZATION_CODES_TABLE = 'oauthAuthorizationCodes';

/** Authorization codes in memory; consume reads and marks in one synchronous step (atomic). */
export class MemoryAuthorizationCodeStore implements AuthorizationCodeStore {
  private readonly rows: Map<string, AuthorizationCodeRecord>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<AuthorizationCodeRecord>(AUTHORIZATION_CODES_TABLE);
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
    let deleted = 0;
    for (const [hash, row] of this.rows) {
      if (row.expiresAt.getTime() < now.getTime()) {
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
