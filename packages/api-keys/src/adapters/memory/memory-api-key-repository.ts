import type { MemoryTables } from '@tend/kernel';
import { isExpired, type ApiKey, type ApiKeyChanges } from '../../api-key.js';
import type { ApiKeyRepository } from '../../api-key-repository.port.js';
import { decideUsage, type UsageSettings } from '../../usage-policy.js';

/** The memory table of API keys. */
export const API_KEYS_TABLE = 'apikeys';

/**
 * API keys in memory, with the database's rules: a unique hash, a key needs its user, and
 * deleting the user deletes its keys. `spend` decides and writes in one synchronous step,
 * so parallel calls cannot overspend, like the database's conditional UPDATE.
 */
export class MemoryApiKeyRepository implements ApiKeyRepository {
  private readonly rows: Map<string, ApiKey>;

  constructor(private readonly tables: MemoryTables) {
    this.rows = tables.table<ApiKey>(API_KEYS_TABLE);
    tables.onDelete('users', (userId) => {
      for (const row of [...this.rows.values()]) if (row.userId === userId) tables.deleteRow(API_KEYS_TABLE, row.id);
    });
  }

  async create(apiKey: ApiKey): Promise<ApiKey> {
    if (!this.tables.users.has(apiKey.userId)) throw new Error('No user for API key');
    if (this.rows.has(apiKey.id)) throw new Error('Duplicate API key id');
    if (this.byHash(apiKey.hash)) throw new Error('Duplicate API key hash');
    this.rows.set(apiKey.id, copy(apiKey));
    return copy(apiKey);
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }

  async findByHash(hash: string): Promise<ApiKey | null> {
    const row = this.byHash(hash);
    return row ? copy(row) : null;
  }

  async listByUser(userId: string): Promise<ApiKey[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(copy);
  }

  async update(id: string, changes: ApiKeyChanges & { updatedAt: Date }): Promise<ApiKey | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    const updated = copy({ ...row, ...changes });
    this.rows.set(id, updated);
    return copy(updated);
  }

  async delete(id: string): Promise<boolean> {
    if (!this.rows.has(id)) return false;
    this.tables.deleteRow(API_KEYS_TABLE, id);
    return true;
  }

  async spend(hash: string, now: Date, settings: UsageSettings): Promise<ApiKey | null> {
    const row = this.byHash(hash);
    if (!row || !row.enabled || isExpired(row, now)) return null;
    const decision = decideUsage(row, now, settings);
    if (!decision.allowed) return null;
    const updated = { ...row, ...decision.changes };
    this.rows.set(row.id, updated);
    return copy(updated);
  }

  private byHash(hash: string): ApiKey | undefined {
    for (const row of this.rows.values()) if (row.hash === hash) return row;
    return undefined;
  }
}

/** A deep copy, so callers never hold the stored row (its JSON fields included). */
function copy(apiKey: ApiKey): ApiKey {
  return structuredClone(apiKey);
}
