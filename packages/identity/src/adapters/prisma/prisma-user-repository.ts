import { isNotFound, isUniqueViolation, violatedFields, type Database } from '@tend/database';
import { toUser } from './records.js';
import { raise } from '@tend/kernel';
import type { Account, User } from '../../entities.js';
import type { Session } from '@tend/sessions';
import { IDENTITY_ERRORS } from '../../error-codes.js';
import type { FirstSessionStore, UserRepository } from '../../ports.js';
import { USERNAME_ERRORS } from '../../username.js';

/**
 * Users in the `user` table. Unique violations become the spec's 422 errors. Its
 * `createWithSession` is the FirstSessionStore the composition root hands to the sign-in completion.
 */
export class PrismaUserRepository implements UserRepository, FirstSessionStore {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<User | null> {
    const row = await this.db.user.findUnique({ where: { id } });
    return row && toUser(row);
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.db.user.findUnique({ where: { email } });
    return row && toUser(row);
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.db.user.findUnique({ where: { username } });
    return row && toUser(row);
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.user.findMany({ where: { id: { in: [...ids] } } });
    return rows.map(toUser);
  }

  create(user: User, account?: Account): Promise<User> {
    return this.insert(user, account);
  }

  createWithSession(user: User, account: Account | undefined, session: Session): Promise<User> {
    return this.insert(user, account, session);
  }

  private async insert(user: User, account?: Account, session?: Session): Promise<User> {
    try {
      const { userId: _owner, ...accountData } = account ?? ({} as Account);
      const { userId: _holder, ...sessionData } = session ?? ({} as Session);
      // One nested write: Prisma runs the three inserts in one transaction.
      const row = await this.db.user.create({
        data: {
          ...user,
          ...(account ? { accounts: { create: accountData } } : {}),
          ...(session ? { sessions: { create: sessionData } } : {}),
        },
      });
      return toUser(row);
    } catch (error) {
      throw uniqueError(error);
    }
  }

  async update(id: string, patch: Partial<User>): Promise<User> {
    try {
      return toUser(await this.db.user.update({ where: { id }, data: patch }));
    } catch (error) {
      if (isNotFound(error)) throw raise(IDENTITY_ERRORS.USER_NOT_FOUND);
      throw uniqueError(error);
    }
  }

  async delete(id: string): Promise<void> {
    // Sessions and accounts go with the user (ON DELETE CASCADE).
    await this.db.user.deleteMany({ where: { id } });
  }
}

function uniqueError(error: unknown): unknown {
  // A session token collision is no fault of the sign-up's email: it stays an internal error.
  if (!isUniqueViolation(error) || violatedFields(error).includes('session_token')) return error;
  return violatedFields(error).includes('username')
    ? raise(USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER)
    : raise(IDENTITY_ERRORS.USER_ALREADY_EXISTS);
}
