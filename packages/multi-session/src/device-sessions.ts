/** How many accounts one browser holds at most by default (AUTH_MULTI_SESSION_MAX). */
export const DEFAULT_MAX_DEVICE_SESSIONS = 5;

/** A session the browser holds, as far as the choice needs it. */
export interface HeldSession {
  token: string;
  userId: string;
  createdAt: Date;
}

/**
 * What a sign-in does to the accounts a browser holds: the new session joins them; another
 * session of the same account leaves (one entry per account, the newest); past `max` accounts,
 * the oldest sign-ins leave. Answers the sessions to end.
 */
export function sessionsToDrop(held: readonly HeldSession[], signedIn: HeldSession, max: number): HeldSession[] {
  const replaced = held.filter((entry) => entry.userId === signedIn.userId && entry.token !== signedIn.token);
  const others = held.filter((entry) => entry.userId !== signedIn.userId);
  const room = Math.max(max - 1, 0);
  const oldestFirst = [...others].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...replaced, ...oldestFirst.slice(0, Math.max(oldestFirst.length - room, 0))];
}

/**
 * The one account per user a browser lists: the newest session of each, newest sign-in first
 * (a browser may carry two of one account when a replaced cookie could not be cleared).
 */
export function onePerAccount<T extends { session: { userId: string; createdAt: Date } }>(entries: readonly T[]): T[] {
  const byUser = new Map<string, T>();
  for (const entry of entries) {
    const kept = byUser.get(entry.session.userId);
    if (!kept || kept.session.createdAt.getTime() < entry.session.createdAt.getTime()) byUser.set(entry.session.userId, entry);
  }
  return [...byUser.values()].sort((a, b) => b.session.createdAt.getTime() - a.session.createdAt.getTime());
}
