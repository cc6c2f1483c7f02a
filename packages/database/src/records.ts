// Rows of the generated client mapped to the plain entities of @tend/kernel, field by field,
// so relations and columns added later never leak into the domain by accident.
import type { Account, Session, User, Verification } from '@tend/kernel';

type Row<T> = { [K in keyof T]: T[K] };

export function toUser(row: Row<User>): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    name: row.name,
    image: row.image,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    age: row.age,
    bio: row.bio,
    gender: row.gender,
    location: row.location,
    isPremium: row.isPremium,
    notification: row.notification,
    tokenBalance: row.tokenBalance,
    stripeCustomerId: row.stripeCustomerId,
    username: row.username,
    displayUsername: row.displayUsername,
    role: row.role,
    banned: row.banned,
    banReason: row.banReason,
    banExpires: row.banExpires,
  };
}

export function toSession(row: Row<Session>): Session {
  return {
    id: row.id,
    token: row.token,
    userId: row.userId,
    expiresAt: row.expiresAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    impersonatedBy: row.impersonatedBy,
    activeOrganizationId: row.activeOrganizationId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
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
