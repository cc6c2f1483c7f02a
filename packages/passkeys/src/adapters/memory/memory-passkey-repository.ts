import type { MemoryTables } from '@tend/kernel';
import type { Passkey } from '../../passkey.js';
import type { PasskeyRepository } from '../../passkey-repository.port.js';

/** The memory table of passkeys. */
export const PASSKEYS_TABLE = 'passkeys';

/** Passkeys in memory, with the database's rules: a unique credential id, a passkey needs its user and goes with it. */
export class MemoryPasskeyRepository implements PasskeyRepository {
  private readonly rows: Map<string, Passkey>;

  constructor(private readonly tables: MemoryTables) {
    this.rows = tables.table<Passkey>(PASSKEYS_TABLE);
    tables.onDelete('users', (userId) => {
      for (const row of [...this.rows.values()]) if (row.userId === userId) tables.deleteRow(PASSKEYS_TABLE, row.id);
    });
  }

  async create(passkey: Passkey): Promise<boolean> {
    if (!this.tables.users.has(passkey.userId)) throw new Error('No user for passkey');
    if (this.rows.has(passkey.id) || [...this.rows.values()].some((row) => row.credentialID === passkey.credentialID)) return false;
    this.rows.set(passkey.id, structuredClone(passkey));
    return true;
  }

  async findByCredentialId(credentialID: string): Promise<Passkey | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.credentialID === credentialID);
    return row ? structuredClone(row) : null;
  }

  async findOwned(id: string, userId: string): Promise<Passkey | null> {
    const row = this.rows.get(id);
    return row && row.userId === userId ? structuredClone(row) : null;
  }

  async listByUser(userId: string): Promise<Passkey[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((row) => structuredClone(row));
  }

  async rename(id: string, userId: string, name: string): Promise<Passkey | null> {
    const row = this.rows.get(id);
    if (!row || row.userId !== userId) return null;
    const renamed = { ...row, name };
    this.rows.set(id, renamed);
    return structuredClone(renamed);
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.userId !== userId) return false;
    this.tables.deleteRow(PASSKEYS_TABLE, id);
    return true;
  }

  async advanceCounter(id: string, from: number, to: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.counter !== from) return false;
    this.rows.set(id, { ...row, counter: to });
    return true;
  }

  async deleteAllOf(userId: string): Promise<number> {
    const owned = [...this.rows.values()].filter((row) => row.userId === userId);
    for (const row of owned) this.tables.deleteRow(PASSKEYS_TABLE, row.id);
    return owned.length;
  }
}
