import type { MemoryTables } from '@tend/kernel';
import type { OAuthClientChanges, OAuthClientRecord, OAuthClientRepository } from '../../clients/oauth-client.js';

export const OAUTH_CLIENTS_TABLE = 'oauthClients';

/**
 * OAuth clients in memory, with the database's rules: a unique client id, and deleting the owner
 * deletes the user's clients (through `deleteRow`, so their consents and tokens go too).
 */
export class MemoryOAuthClientRepository implements OAuthClientRepository {
  private readonly rows: Map<string, OAuthClientRecord>;

  constructor(private readonly tables: MemoryTables) {
    this.rows = tables.table<OAuthClientRecord>(OAUTH_CLIENTS_TABLE);
    tables.onDelete('users', (userId) => {
      for (const row of [...this.rows.values()]) if (row.userId === userId) tables.deleteRow(OAUTH_CLIENTS_TABLE, row.clientId);
    });
  }

  async insert(client: OAuthClientRecord): Promise<void> {
    if (this.rows.has(client.clientId)) throw new Error('Duplicate OAuth client id');
    this.rows.set(client.clientId, copy(client));
  }

  async findById(clientId: string): Promise<OAuthClientRecord | null> {
    const row = this.rows.get(clientId);
    return row ? copy(row) : null;
  }

  async listByUser(userId: string): Promise<OAuthClientRecord[]> {
    return this.newestFirst().filter((row) => row.userId === userId);
  }

  async list(page: { limit: number; offset: number }): Promise<{ clients: OAuthClientRecord[]; total: number }> {
    const all = this.newestFirst();
    return { clients: all.slice(page.offset, page.offset + page.limit), total: all.length };
  }

  async update(clientId: string, changes: OAuthClientChanges, now: Date): Promise<OAuthClientRecord | null> {
    const row = this.rows.get(clientId);
    if (!row) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated = copy({ ...row, ...defined, updatedAt: now });
    this.rows.set(clientId, updated);
    return copy(updated);
  }

  async delete(clientId: string): Promise<boolean> {
    if (!this.rows.has(clientId)) return false;
    this.tables.deleteRow(OAUTH_CLIENTS_TABLE, clientId);
    return true;
  }

  /** Every client, copied, newest first (ties: greater client id first, as the database orders them). */
  private newestFirst(): OAuthClientRecord[] {
    return [...this.rows.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.clientId < b.clientId ? 1 : a.clientId > b.clientId ? -1 : 0))
      .map(copy);
  }
}

function copy(row: OAuthClientRecord): OAuthClientRecord {
  return {
    ...row,
    redirectUris: [...row.redirectUris],
    grantTypes: [...row.grantTypes],
    responseTypes: [...row.responseTypes],
    scopes: row.scopes && [...row.scopes],
    clientCredentialsScopes: [...row.clientCredentialsScopes],
    postLogoutRedirectUris: [...row.postLogoutRedirectUris],
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}
