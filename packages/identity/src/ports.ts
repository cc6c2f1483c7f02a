import type { Account, User, Verification } from './entities.js';
import type { Session } from '@tend/sessions';

/** Where users live. Emails and usernames are stored lowercase. */
export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findByUsername(username: string): Promise<User | null>;
  /** The users of these ids that exist (in no particular order). */
  findByIds(ids: readonly string[]): Promise<User[]>;
  /**
   * Creates a user and, when given, its first account, in one transaction: either both exist
   * afterwards or neither does. A taken email answers 422 User already exists (whoever loses a
   * race of two sign-ups gets it). It takes no session: a user signed in at once is created by
   * the sign-in completion, through `FirstSessionStore`.
   */
  create(user: User, account?: Account): Promise<User>;
  update(id: string, patch: Partial<Omit<User, 'id' | 'createdAt'>>): Promise<User>;
  /** Deletes a user with its sessions and accounts. */
  delete(id: string): Promise<void>;
}

/**
 * Stores a new user with its first account and its first session in one transaction (sign-up
 * signed in at once): all of them exist afterwards, or none does; a taken email answers 422 User
 * already exists. Held by the sign-in completion alone (the composition root hands it over): no
 * other code can store a session beside a user.
 */
export interface FirstSessionStore {
  createWithSession(user: User, account: Account | undefined, session: Session): Promise<User>;
}

/** Where linked accounts live: one credential account per user, plus provider accounts. */
export interface AccountRepository {
  findCredential(userId: string): Promise<Account | null>;
  findByProvider(providerId: string, accountId: string): Promise<Account | null>;
  listByUser(userId: string): Promise<Account[]>;
  create(account: Account): Promise<Account>;
  update(id: string, patch: Partial<Omit<Account, 'id' | 'userId' | 'createdAt'>>): Promise<Account>;
  delete(id: string): Promise<void>;
  /**
   * Runs `work` on the account as stored now while holding its row lock, and stores the patch
   * `work` answers before letting go: callers for the same account (on any instance) run one
   * after another, each seeing what the one before stored. Null when there is no such account.
   * `work` must not use the repository itself (it would wait for its own lock).
   */
  updateLocked<T>(id: string, work: (account: Account) => Promise<LockedUpdate<T>>, options?: { timeoutMs?: number }): Promise<T | null>;
}

/** What the work of `updateLocked` answers: the patch to store (null: none) and its result. */
export interface LockedUpdate<T> {
  patch: Partial<Omit<Account, 'id' | 'userId' | 'createdAt'>> | null;
  result: T;
}

/** Hashes passwords off the event loop and verifies them in constant time. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * Where one-time values live (reset and delete-account tokens, spec section 3). Expired
 * records are never answered: a lookup deletes them on the way.
 */
export interface VerificationRepository {
  create(verification: Verification): Promise<Verification>;
  /** The newest record of `identifier` that is live at `now`, or null. */
  findByIdentifier(identifier: string, now: Date): Promise<Verification | null>;
  /**
   * Deletes the record of `identifier` and answers it when it was live at `now`. Of parallel
   * calls for one identifier, exactly one gets the record: the deleter wins, the rest get null.
   */
  consume(identifier: string, now: Date): Promise<Verification | null>;
  deleteByIdentifier(identifier: string): Promise<void>;
  /** Deletes every record expired at `now`; answers how many went. */
  deleteExpired(now: Date): Promise<number>;
}
