import type { Session, SessionUser } from './entities.js';

export interface SessionWithUser {
  session: Session;
  /** The user as the user field table has it (identity's `User`). */
  user: SessionUser;
}

/** Where sessions live. One lookup by token answers with the session and its user. */
export interface SessionStore {
  create(session: Session): Promise<void>;
  /** The session of this token with its user, expired or not; null when there is none. */
  findByToken(token: string): Promise<SessionWithUser | null>;
  /** The user's sessions that expire after `now`, oldest first. */
  listByUser(userId: string, now: Date): Promise<Session[]>;
  /** Changes a session; null when it no longer exists. */
  update(token: string, patch: Partial<Omit<Session, 'id' | 'token' | 'userId' | 'createdAt'>>): Promise<Session | null>;
  delete(token: string): Promise<void>;
  /** Deletes the user's sessions, all but `exceptToken` when given. */
  deleteByUser(userId: string, exceptToken?: string): Promise<void>;
  /** Deletes the user's sessions that expired at or before `now`. */
  deleteExpired(userId: string, now: Date): Promise<void>;
  /**
   * Deletes every user's sessions that expired at or before `now` and answers how many (the
   * gateway's scheduled cleanup). Stores that expire entries by themselves may leave it out.
   */
  purgeExpired?(now: Date): Promise<number>;
}
