import type { MemoryTables } from '@tend/kernel';
import type { ConsentRecord, ConsentStore } from '../../consents/consent.js';
import { OAUTH_CLIENTS_TABLE } from './memory-oauth-client-repository.js';

export const CONSENTS_TABLE = 'oauthConsents';

/**
 * Consents in memory, one per user and client; `grant` reads and writes in one synchronous step
 * (atomic). Deleting the user or the client deletes their consents, as the database's cascades do.
 */
export class MemoryConsentStore implements ConsentStore {
  private readonly rows: Map<string, ConsentRecord>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<ConsentRecord>(CONSENTS_TABLE);
    tables.onDelete('users', (userId) => this.deleteWhere((row) => row.userId === userId));
    tables.onDelete(OAUTH_CLIENTS_TABLE, (clientId) => this.deleteWhere((row) => row.clientId === clientId));
  }

  async find(userId: string, clientId: string): Promise<ConsentRecord | null> {
    const row = this.byUserAndClient(userId, clientId);
    return row ? copy(row) : null;
  }

  async grant(input: { id: string; userId: string; clientId: string; scopes: string[] }, now: Date): Promise<ConsentRecord> {
    const found = this.byUserAndClient(input.userId, input.clientId);
    if (found) {
      Object.assign(found, { scopes: union(found.scopes, input.scopes), updatedAt: new Date(now) });
      return copy(found);
    }
    if (this.rows.has(input.id)) throw new Error('Duplicate consent id');
    const created: ConsentRecord = { ...input, scopes: union([], input.scopes), createdAt: new Date(now), updatedAt: new Date(now) };
    this.rows.set(created.id, created);
    return copy(created);
  }

  async listByUser(userId: string): Promise<ConsentRecord[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map(copy);
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.userId !== userId) return false;
    return this.rows.delete(id);
  }

  async deleteByClient(clientId: string): Promise<number> {
    return this.deleteWhere((row) => row.clientId === clientId);
  }

  private byUserAndClient(userId: string, clientId: string): ConsentRecord | undefined {
    return [...this.rows.values()].find((row) => row.userId === userId && row.clientId === clientId);
  }

  private deleteWhere(matches: (row: ConsentRecord) => boolean): number {
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

/** The scopes of `a`, then those of `b` not in `a`, each once. */
function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

function copy(row: ConsentRecord): ConsentRecord {
  return { ...row, scopes: [...row.scopes], createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}
