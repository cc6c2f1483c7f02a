// The entities identity speaks for (spec section 3) as plain data: the user, the linked accounts
// and the one-time values. Dates are Date objects; optional fields are null when absent.
import { USER_INITIAL_VALUES, type UserOf } from '@tend/contracts';

/** The user as stored: one field per entry of the user field table (`USER_FIELDS` in @tend/contracts). */
export type User = UserOf;

export type NotificationStatus = User['notification'];

export interface Account {
  id: string;
  accountId: string;
  /** 'credential' or a social provider id. */
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  /** comma-separated */
  scope: string | null;
  /** scrypt hash; credential accounts only. */
  password: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Verification {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const CREDENTIAL_PROVIDER = 'credential';

/** A user as created: the initial values of the field table applied to what sign-up supplies. */
export function newUser(fields: Pick<User, 'id' | 'email' | 'name'> & Partial<User>, now: Date): User {
  return { ...USER_INITIAL_VALUES, createdAt: now, updatedAt: now, ...fields } as User;
}

export function newAccount(fields: Pick<Account, 'id' | 'accountId' | 'providerId' | 'userId'> & Partial<Account>, now: Date): Account {
  return {
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scope: null,
    password: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

// The shared in-memory tables hold identity's rows under these names (`tables.users`…).
declare module '@tend/kernel' {
  interface MemoryTableRows {
    users: User;
    accounts: Account;
    verifications: Verification;
  }
}
