import type { Database } from '@tend/database';
import { isNotFound } from '@tend/database';
import type { OAuthClientChanges, OAuthClientRecord, OAuthClientRepository } from '../../clients/oauth-client.js';
import { toChangedClientColumns, toClient, toClientRow } from './records.js';

const NEWEST_FIRST = [{ createdAt: 'desc' }, { clientId: 'desc' }] as const;

/** OAuth clients in the `oauth_client` table; deleting one cascades to its consents, tokens and codes. */
export class PrismaOAuthClientRepository implements OAuthClientRepository {
  constructor(private readonly db: Database) {}

  async insert(client: OAuthClientRecord): Promise<void> {
    await this.db.oauthClient.create({ data: toClientRow(client) });
  }

  async findById(clientId: string): Promise<OAuthClientRecord | null> {
    const row = await this.db.oauthClient.findUnique({ where: { clientId } });
    return row ? toClient(row) : null;
  }

  async listByUser(userId: string): Promise<OAuthClientRecord[]> {
    const rows = await this.db.oauthClient.findMany({ where: { userId }, orderBy: [...NEWEST_FIRST] });
    return rows.map(toClient);
  }

  async list(page: { limit: number; offset: number }): Promise<{ clients: OAuthClientRecord[]; total: number }> {
    const [rows, total] = await this.db.$transaction([
      this.db.oauthClient.findMany({ orderBy: [...NEWEST_FIRST], take: page.limit, skip: page.offset }),
      this.db.oauthClient.count(),
    ]);
    return { clients: rows.map(toClient), total };
  }

  async update(clientId: string, changes: OAuthClientChanges, now: Date): Promise<OAuthClientRecord | null> {
    try {
      return toClient(await this.db.oauthClient.update({ where: { clientId }, data: { ...toChangedClientColumns(changes), updatedAt: now } }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(clientId: string): Promise<boolean> {
    const { count } = await this.db.oauthClient.deleteMany({ where: { clientId } });
    return count > 0;
  }
}
