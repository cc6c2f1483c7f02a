// Rows of the generated client mapped to the plain entities of a session lookup, field by field,
// so relations and columns added later never leak into the domain by accident.
import { USER_FIELD_NAMES } from '@tend/contracts';
import type { Session, SessionUser } from '../../entities.js';

type Row<T> = { [K in keyof T]: T[K] };

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

/** The user's fields (the field table's names) of a row whose columns are named `${prefix}${field}`. */
export function toSessionUser(row: Record<string, unknown>, prefix = ''): SessionUser {
  const user: Record<string, unknown> = {};
  for (const name of USER_FIELD_NAMES) user[name] = row[prefix + name];
  return user as SessionUser;
}
