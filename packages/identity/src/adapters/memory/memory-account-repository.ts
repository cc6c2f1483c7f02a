import type { MemoryTables } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, type Account } from '../../entities.js';
import type { AccountRepository, LockedUpdate } from '../../ports.js';
import { KeyedQueue } from '../keyed-queue.js';

/** Accounts in memory, unique on (providerId, accountId) like the database. */
export class MemoryAccountRepository implements AccountRepository {
  /** The row locks of locked updates. */
  private readonly locks = new KeyedQueue();

  constructor(private readonly tables: MemoryTables) {}

  async findCredential(userId: string): Promise<Account | null> {
    return this.find((a) => a.userId === userId && a.providerId === CREDENTIAL_PROVIDER);
  }

  async findByProvider(providerId: string, accountId: string): Promise<Account | null> {
    return this.find((a) => a.providerId === providerId && a.accountId === accountId);
  }

  async listByUser(userId: string): Promise<Account[]> {
    return [...this.tables.accounts.values()].filter((a) => a.userId === userId).map((a) => ({ ...a }));
  }

  async create(account: Account): Promise<Account> {
    if (await this.findByProvider(account.providerId, account.accountId)) throw new Error('Account already exists');
    this.tables.accounts.set(account.id, { ...account });
    return { ...account };
  }

  async update(id: string, patch: Partial<Account>): Promise<Account> {
    const current = this.tables.accounts.get(id);
    if (!current) throw new Error('Account not found');
    const updated = { ...current, ...patch };
    this.tables.accounts.set(id, updated);
    return { ...updated };
  }

  async delete(id: string): Promise<void> {
    this.tables.accounts.delete(id);
  }

  async updateLocked<T>(id: string, work: (account: Account) => Promise<LockedUpdate<T>>): Promise<T | null> {
    return this.locks.run(id, async () => {
      const current = this.tables.accounts.get(id);
      if (!current) return null;
      const { patch, result } = await work({ ...current });
      const now = this.tables.accounts.get(id);
      if (patch && now) this.tables.accounts.set(id, { ...now, ...patch });
      return result;
    });
  }

  private find(predicate: (account: Account) => boolean): Account | null {
    for (const account of this.tables.accounts.values()) if (predicate(account)) return { ...account };
    return null;
  }
}
