import { CREDENTIAL_PROVIDER, type Account, type MemoryTables } from '@tend/kernel';
import type { AccountRepository } from '../../ports.js';

/** Accounts in memory, unique on (providerId, accountId) like the database. */
export class MemoryAccountRepository implements AccountRepository {
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

  private find(predicate: (account: Account) => boolean): Account | null {
    for (const account of this.tables.accounts.values()) if (predicate(account)) return { ...account };
    return null;
  }
}
