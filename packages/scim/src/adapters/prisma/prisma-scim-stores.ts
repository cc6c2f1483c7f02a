import { isUniqueViolation, type Database } from '@tend/database';
import type { ScimToken, ScimUser, ScimUserChanges } from '../../entities.js';
import type { ScimTokenRepository, ScimUserRepository } from '../../ports.js';

interface ScimTokenRow {
  id: string;
  organizationId: string;
  providerId: string;
  tokenHash: string;
  createdBy: string;
  createdAt: Date;
}

const toToken = (row: ScimTokenRow): ScimToken => ({ id: row.id, organizationId: row.organizationId, providerId: row.providerId, hash: row.tokenHash, createdBy: row.createdBy, createdAt: row.createdAt });

/** SCIM tokens in `scim_token`: replacing one is an upsert on (organization, provider). */
export class PrismaScimTokenRepository implements ScimTokenRepository {
  constructor(private readonly db: Database) {}

  async replace(token: ScimToken): Promise<ScimToken> {
    const data = { id: token.id, tokenHash: token.hash, createdBy: token.createdBy, createdAt: token.createdAt };
    const row = await this.db.scimToken.upsert({
      where: { organizationId_providerId: { organizationId: token.organizationId, providerId: token.providerId } },
      create: { ...data, organizationId: token.organizationId, providerId: token.providerId },
      update: data,
    });
    return toToken(row);
  }

  async findByHash(hash: string): Promise<ScimToken | null> {
    const row = await this.db.scimToken.findUnique({ where: { tokenHash: hash } });
    return row ? toToken(row) : null;
  }

  async listByOrganization(organizationId: string): Promise<ScimToken[]> {
    const rows = await this.db.scimToken.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { providerId: 'asc' }] });
    return rows.map(toToken);
  }
}

type ScimUserRow = ScimUser & { userNameLower: string };

const toUser = ({ userNameLower: _lower, ...user }: ScimUserRow): ScimUser => user;

/** Provisioned users in `scim_user`; the lower-cased userName column makes it unique per organization in any case. */
export class PrismaScimUserRepository implements ScimUserRepository {
  constructor(private readonly db: Database) {}

  async create(user: ScimUser): Promise<{ ok: true; value: ScimUser } | { ok: false; reason: 'taken' }> {
    try {
      return { ok: true, value: toUser(await this.db.scimUser.create({ data: { ...user, userNameLower: user.userName.toLowerCase() } })) };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
      throw error;
    }
  }

  async find(organizationId: string, userId: string): Promise<ScimUser | null> {
    const row = await this.db.scimUser.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
    return row ? toUser(row) : null;
  }

  async findByUserName(organizationId: string, userName: string): Promise<ScimUser | null> {
    const row = await this.db.scimUser.findUnique({ where: { organizationId_userNameLower: { organizationId, userNameLower: userName.toLowerCase() } } });
    return row ? toUser(row) : null;
  }

  async list(organizationId: string, page: { offset: number; limit: number }): Promise<{ users: ScimUser[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db.scimUser.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }], skip: page.offset, take: page.limit }),
      this.db.scimUser.count({ where: { organizationId } }),
    ]);
    return { users: rows.map(toUser), total };
  }

  async update(organizationId: string, userId: string, changes: ScimUserChanges): Promise<{ ok: true; value: ScimUser } | { ok: false; reason: 'taken' | 'not-found' }> {
    const data = { ...changes, ...(changes.userName !== undefined && { userNameLower: changes.userName.toLowerCase() }) };
    try {
      const { count } = await this.db.scimUser.updateMany({ where: { organizationId, userId }, data });
      if (count === 0) return { ok: false, reason: 'not-found' };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
      throw error;
    }
    const row = await this.find(organizationId, userId);
    return row ? { ok: true, value: row } : { ok: false, reason: 'not-found' };
  }

  async delete(organizationId: string, userId: string): Promise<boolean> {
    const { count } = await this.db.scimUser.deleteMany({ where: { organizationId, userId } });
    return count > 0;
  }
}
