import { raise, type MemoryTables } from '@tend/kernel';
import type { Account, User } from '../../entities.js';
import type { Session } from '@tend/sessions';
import { IDENTITY_ERRORS } from '../../error-codes.js';
import type { FirstSessionStore, UserRepository } from '../../ports.js';
import { USERNAME_ERRORS } from '../../username.js';

/** Users in memory, with the database's unique rules and cascades (and the FirstSessionStore of tests). */
export class MemoryUserRepository implements UserRepository, FirstSessionStore {
  constructor(private readonly tables: MemoryTables) {}

  async findById(id: string): Promise<User | null> {
    const user = this.tables.users.get(id);
    return user ? { ...user } : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.find((u) => u.email === email);
  }

  async findByUsername(username: string): Promise<User | null> {
    return this.find((u) => u.username === username);
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    return [...new Set(ids)].flatMap((id) => {
      const user = this.tables.users.get(id);
      return user ? [{ ...user }] : [];
    });
  }

  create(user: User, account?: Account): Promise<User> {
    return this.insert(user, account);
  }

  createWithSession(user: User, account: Account | undefined, session: Session): Promise<User> {
    return this.insert(user, account, session);
  }

  private async insert(user: User, account?: Account, session?: Session): Promise<User> {
    // Every check before the first write, so a refused create leaves nothing (as the transaction does).
    this.assertUnique(user);
    if (account) {
      for (const other of this.tables.accounts.values()) {
        if (other.providerId === account.providerId && other.accountId === account.accountId) throw new Error('Account already exists');
      }
    }
    if (session && this.tables.sessions.has(session.token)) throw new Error('Duplicate session token');
    this.tables.users.set(user.id, { ...user });
    if (account) this.tables.accounts.set(account.id, { ...account });
    if (session) this.tables.sessions.set(session.token, { ...session, userId: user.id });
    return { ...user };
  }

  async update(id: string, patch: Partial<User>): Promise<User> {
    const current = this.tables.users.get(id);
    if (!current) throw raise(IDENTITY_ERRORS.USER_NOT_FOUND);
    const updated = { ...current, ...patch };
    this.assertUnique(updated);
    this.tables.users.set(id, updated);
    return { ...updated };
  }

  async delete(id: string): Promise<void> {
    // Sessions, accounts and every table a package registered go with the user.
    this.tables.deleteRow('users', id);
  }

  private find(predicate: (user: User) => boolean): User | null {
    for (const user of this.tables.users.values()) if (predicate(user)) return { ...user };
    return null;
  }

  private assertUnique(user: User): void {
    for (const other of this.tables.users.values()) {
      if (other.id === user.id) continue;
      if (other.email === user.email) throw raise(IDENTITY_ERRORS.USER_ALREADY_EXISTS);
      if (user.username && other.username === user.username) throw raise(USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER);
    }
  }
}
