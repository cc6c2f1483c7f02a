import { toAccount, type Database } from '@tend/database';
import { CREDENTIAL_PROVIDER, type Account } from '@tend/kernel';
import type { AccountRepository } from '../../ports.js';

/** Accounts in the `account` table, unique on (providerId, accountId). */
export class PrismaAccountRepository implements AccountRepository {
  constructor(private readonly db: Database) {}

  async findCredential(userId: string): Promise<Account | null> {
    const row = await this.db.account.findFirst({ where: { userId, providerId: CREDENTIAL_PROVIDER } });
    return row && toAccount(row);
  }

  async findByProvider(providerId: string, accountId: string): Promise<Account | null> {
    const row = await this.db.account.findUnique({ where: { providerId_accountId: { providerId, accountId } } });
    return row && toAccount(row);
  }

  async listByUser(userId: string): Promise<Account[]> {
    return (await this.db.account.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } })).map(toAccount);
  }

  async create(account: Account): Promise<Account> {
    return toAccount(await this.db.account.create({ data: account }));
  }

  async update(id: string, patch: Partial<Account>): Promise<Account> {
    return toAccount(await this.db.account.update({ where: { id }, data: patch }));
  }

  async delete(id: string): Promise<void> {
    await this.db.account.deleteMany({ where: { id } });
  }
}
