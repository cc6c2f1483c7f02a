import { USER_DATE_FIELDS } from '@tend/contracts';
import type { Session, SessionUser } from './entities.js';
import type { SessionWithUser } from './session-store.port.js';

const SESSION_DATES = ['expiresAt', 'createdAt', 'updatedAt'] as const satisfies readonly (keyof Session)[];
/** The user's date fields, from the user field table. */
const USER_DATES: readonly string[] = USER_DATE_FIELDS;

function revive<T extends object>(record: T, keys: readonly string[]): T {
  const copy = { ...record } as Record<string, unknown>;
  for (const key of keys) if (typeof copy[key] === 'string') copy[key] = new Date(copy[key] as string);
  return copy as T;
}

/**
 * A session and its user as JSON gave them back (dates as ISO strings), with their dates again:
 * the one reading of cached copies (the cookie cache, the session caches).
 */
export function reviveSessionWithUser(data: SessionWithUser): SessionWithUser {
  return { session: revive<Session>(data.session, SESSION_DATES), user: revive<SessionUser>(data.user, USER_DATES) };
}
