import { USER_INITIAL_VALUES } from '@tend/contracts';
import type { SessionUser } from '../entities.js';

/** A user for session tests (identity's `newUser`, which sessions cannot import): the table's initial values under `fields`. */
export function newUser(fields: Pick<SessionUser, 'id' | 'email' | 'name'> & Partial<SessionUser>, now: Date): SessionUser {
  return { ...USER_INITIAL_VALUES, createdAt: now, updatedAt: now, ...fields } as SessionUser;
}
