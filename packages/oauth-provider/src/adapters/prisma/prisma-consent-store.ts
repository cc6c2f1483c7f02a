import type { Database } from '@tend/database';
import type { ConsentRecord, ConsentStore } from '../../consents/consent.js';
import { TRANSACTION_OPTIONS } from './records.js';

/**
 * Consents in the `oauth_consent` table, unique per user and client. A grant runs under a
 * transaction-scoped advisory lock of its user and client: concurrent grants queue there, and
 * each reads the scopes the previous one wrote, so none is lost and one row is made.
 */
export class PrismaConsentStore implements ConsentStore {
  constructor(private readonly db: Database) {}

  async find(userId: string, clientId: string): Promise<ConsentRecord | null> {
    return this.db.oauthConsent.findUnique({ where: { userId_clientId: { userId, clientId } } });
  }

  async grant(input: { id: string; userId: string; clientId: string; scopes: string[] }, now: Date): Promise<ConsentRecord> {
    const { id, userId, clientId, scopes } = input;
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`oauth-consent:${userId}:${clientId}`}))`;
      const found = await tx.oauthConsent.findUnique({ where: { userId_clientId: { userId, clientId } } });
      if (found) {
        return tx.oauthConsent.update({ where: { id: found.id }, data: { scopes: union(found.scopes, scopes), updatedAt: now } });
      }
      return tx.oauthConsent.create({ data: { id, userId, clientId, scopes: union([], scopes), createdAt: now, updatedAt: now } });
    }, TRANSACTION_OPTIONS);
  }

  async listByUser(userId: string): Promise<ConsentRecord[]> {
    return this.db.oauthConsent.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const { count } = await this.db.oauthConsent.deleteMany({ where: { id, userId } });
    return count > 0;
  }

  async deleteByClient(clientId: string): Promise<number> {
    const { count } = await this.db.oauthConsent.deleteMany({ where: { clientId } });
    return count;
  }
}

/** The scopes of `a`, then those of `b` not in `a`, each once (as the memory adapter). */
function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}
