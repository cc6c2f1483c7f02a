import type { Database, DatabaseHandle } from '@tend/database';
import { isNotFound } from '@tend/database';
import type { OAuthClientChanges, OAuthClientRecord, OAuthClientRepository } from '../../clients/oauth-client.js';
import { toChangedClientColumns, toClient, toClientRow } from './records.js';

const NEWEST_FIRST = [{ createdAt: 'desc' }, { clientId: 'desc' }] as const;

/** The statement of the request path: a client by id (every token, introspection and revocation request). */
export const CLIENT_BY_ID_STATEMENT = 'tend_oauth_client_by_id';
const CLIENT_BY_ID_SQL = 'SELECT * FROM "oauth_client" WHERE "clientId" = $1';

/**
 * OAuth clients in the `oauth_client` table; deleting one cascades to its consents, tokens and
 * codes. With the driver-level handle, `findById` (on every client-authenticated request) is one
 * prepared statement instead of a Prisma query.
 */
export class PrismaOAuthClientRepository implements OAuthClientRepository {
  constructor(
    private readonly db: Database,
    private readonly sql: DatabaseHandle['sql'] | null = null,
  ) {}

  async insert(client: OAuthClientRecord): Promise<void> {
    await this.db.oauthClient.create({ data: toClientRow(client) });
  }

  async findById(clientId: string): Promise<OAuthClientRecord | null> {
    const row = this.sql
      ? (await this.sql.query<Parameters<typeof toClient>[0]>(CLIENT_BY_ID_STATEMENT, CLIENT_BY_ID_SQL, [clientId]))[0]
      : await this.db.oauthClient.findUnique({ where: { clientId } });
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
