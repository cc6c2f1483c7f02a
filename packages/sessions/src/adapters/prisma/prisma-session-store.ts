import { isNotFound, type Database } from '@tend/database';
import type { Session } from '../../entities.js';
import type { SessionStore, SessionWithUser } from '../../session-store.port.js';
import { toSession, toSessionUser } from './records.js';

/** Sessions in the `session` table; a lookup is one indexed query joined to its user. */
export class PrismaSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  async create(session: Session): Promise<void> {
    await this.db.session.create({ data: session });
  }

  async findByToken(token: string): Promise<SessionWithUser | null> {
    const row = await this.db.session.findUnique({ where: { token }, include: { user: true } });
    if (!row) return null;
    const { user, ...session } = row;
    return { session: toSession(session), user: toSessionUser(user) };
  }

  async listByUser(userId: string, now: Date): Promise<Session[]> {
    const rows = await this.db.session.findMany({ where: { userId, expiresAt: { gt: now } }, orderBy: { createdAt: 'asc' } });
    return rows.map(toSession);
  }

  async update(token: string, patch: Partial<Session>): Promise<Session | null> {
    try {
      return toSession(await this.db.session.update({ where: { token }, data: patch }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(token: string): Promise<void> {
    await this.db.session.deleteMany({ where: { token } });
  }

  async deleteByUser(userId: string, exceptToken?: string): Promise<void> {
    await this.db.session.deleteMany({ where: { userId, ...(exceptToken ? { token: { not: exceptToken } } : {}) } });
  }

  async deleteExpired(userId: string, now: Date): Promise<void> {
    await this.db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  }

  async purgeExpired(now: Date): Promise<number> {
    const { count } = await this.db.session.deleteMany({ where: { expiresAt: { lte: now } } });
    return count;
  }
}
