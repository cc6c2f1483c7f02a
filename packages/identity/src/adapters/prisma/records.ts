// Rows of the generated client mapped to identity's plain entities, field by field, so relations
// and columns added later never leak into the domain by accident.
import { USER_FIELD_NAMES } from '@tend/contracts';
import type { Account, User, Verification } from '../../entities.js';

type Row<T> = { [K in keyof T]: T[K] };

/** The user's fields of a row (the field table's names), nothing else. */
export function toUser(row: Row<User>): User {
  const user: Record<string, unknown> = {};
  for (const name of USER_FIELD_NAMES) user[name] = row[name];
  return user as User;
}

export function toAccount(row: Row<Account>): Account {
  return {
    id: row.id,
    accountId: row.accountId,
    providerId: row.providerId,
    userId: row.userId,
    accessToken: row.accessToken,
    refreshToken: row.refreshToken,
    idToken: row.idToken,
    accessTokenExpiresAt: row.accessTokenExpiresAt,
    refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    scope: row.scope,
    password: row.password,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toVerification(row: Row<Verification>): Verification {
  return {
    id: row.id,
    identifier: row.identifier,
    value: row.value,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
