import type { Database } from '@tend/database';
import { toAccount } from './records.js';
import { CREDENTIAL_PROVIDER, type Account } from '../../entities.js';
import type { AccountRepository, LockedUpdate } from '../../ports.js';
import { KeyedQueue } from '../keyed-queue.js';

/** How long a locked update may hold its transaction by default (its work calls a provider). */
const LOCKED_UPDATE_TIMEOUT_MS = 30_000;

/** Accounts in the `account` table, unique on (providerId, accountId). */
export class PrismaAccountRepository implements AccountRepository {
  private readonly queue = new KeyedQueue();

  /**
   * `rowLocks` (PostgreSQL, the default): locked updates take the row lock, so they queue across
   * every instance. Off for an embedded database (PGlite): it belongs to this one process, and a
   * transaction held open there would stall every other query, so they queue in the process.
   */
  constructor(
    private readonly db: Database,
    private readonly options: { rowLocks?: boolean } = {},
  ) {}

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

  async updateLocked<T>(id: string, work: (account: Account) => Promise<LockedUpdate<T>>, options: { timeoutMs?: number } = {}): Promise<T | null> {
    if (this.options.rowLocks === false) {
      return this.queue.run(id, async () => {
        const row = await this.db.account.findUnique({ where: { id } });
        if (!row) return null;
        const { patch, result } = await work(toAccount(row));
        if (patch) await this.db.account.updateMany({ where: { id }, data: patch });
        return result;
      });
    }
    return this.db.$transaction(
      async (tx) => {
        // The row lock: a second caller waits here until the first commits, then reads its write.
        const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "account" WHERE id = ${id} FOR UPDATE`;
        if (locked.length === 0) return null;
        const row = await tx.account.findUnique({ where: { id } });
        if (!row) return null;
        const { patch, result } = await work(toAccount(row));
        if (patch) await tx.account.update({ where: { id }, data: patch });
        return result;
      },
      { timeout: options.timeoutMs ?? LOCKED_UPDATE_TIMEOUT_MS, maxWait: 5_000 },
    );
  }
}
