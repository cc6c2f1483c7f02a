import type { MemoryTables } from '@tend/kernel';
import type { Session } from '../../entities.js';
import type { SessionStore, SessionWithUser } from '../../session-store.port.js';

/** Sessions in memory, joined to the users of the same tables; for one process and tests. */
export class MemorySessionStore implements SessionStore {
  constructor(private readonly tables: MemoryTables) {}

  async create(session: Session): Promise<void> {
    if (!this.tables.users.has(session.userId)) throw new Error('No user for session');
    if (this.tables.sessions.has(session.token)) throw new Error('Duplicate session token');
    this.tables.sessions.set(session.token, { ...session });
  }

  async findByToken(token: string): Promise<SessionWithUser | null> {
    const session = this.tables.sessions.get(token);
    const user = session && this.tables.users.get(session.userId);
    return session && user ? { session: { ...session }, user: { ...user } } : null;
  }

  async listByUser(userId: string, now: Date): Promise<Session[]> {
    return [...this.tables.sessions.values()]
      .filter((s) => s.userId === userId && s.expiresAt.getTime() > now.getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((s) => ({ ...s }));
  }

  async update(token: string, patch: Partial<Session>): Promise<Session | null> {
    const session = this.tables.sessions.get(token);
    if (!session) return null;
    const updated = { ...session, ...patch, updatedAt: patch.updatedAt ?? new Date() };
    this.tables.sessions.set(token, updated);
    return { ...updated };
  }

  async delete(token: string): Promise<void> {
    this.tables.sessions.delete(token);
  }

  async deleteByUser(userId: string, exceptToken?: string): Promise<void> {
    for (const [token, session] of this.tables.sessions) {
      if (session.userId === userId && token !== exceptToken) this.tables.sessions.delete(token);
    }
  }

  async deleteExpired(userId: string, now: Date): Promise<void> {
    for (const [token, session] of this.tables.sessions) {
      if (session.userId === userId && session.expiresAt.getTime() <= now.getTime()) this.tables.sessions.delete(token);
    }
  }

  async purgeExpired(now: Date): Promise<number> {
    let count = 0;
    for (const [token, session] of this.tables.sessions) {
      if (session.expiresAt.getTime() <= now.getTime() && this.tables.sessions.delete(token)) count += 1;
    }
    return count;
  }
}
