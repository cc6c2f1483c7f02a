import type { MemoryTables } from '@tend/kernel';
import type { ScimToken, ScimUser, ScimUserChanges } from '../../entities.js';
import type { ScimTokenRepository, ScimUserRepository } from '../../ports.js';

export const SCIM_TOKENS_TABLE = 'scim_tokens';
export const SCIM_USERS_TABLE = 'scim_users';

const copy = <T extends object>(row: T): T => ({ ...row });

/** SCIM tokens in memory: one per organization and provider, a unique hash. */
export class MemoryScimTokenRepository implements ScimTokenRepository {
  private readonly rows: Map<string, ScimToken>;

  constructor(tables: MemoryTables) {
    this.rows = tables.table<ScimToken>(SCIM_TOKENS_TABLE);
  }

  async replace(token: ScimToken): Promise<ScimToken> {
    for (const [id, row] of this.rows) if (row.organizationId === token.organizationId && row.providerId === token.providerId) this.rows.delete(id);
    this.rows.set(token.id, copy(token));
    return copy(token);
  }

  async findByHash(hash: string): Promise<ScimToken | null> {
    const row = [...this.rows.values()].find((r) => r.hash === hash);
    return row ? copy(row) : null;
  }

  async listByOrganization(organizationId: string): Promise<ScimToken[]> {
    return [...this.rows.values()]
      .filter((r) => r.organizationId === organizationId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.providerId.localeCompare(b.providerId))
      .map(copy);
  }
}

/** Provisioned users in memory, with the database's rules: (organization, user) and (organization, lower-cased userName) unique; a deleted user takes its rows along. */
export class MemoryScimUserRepository implements ScimUserRepository {
  private readonly rows: Map<string, ScimUser>;

  constructor(private readonly tables: MemoryTables) {
    this.rows = tables.table<ScimUser>(SCIM_USERS_TABLE);
    tables.onDelete('users', (userId) => {
      for (const [key, row] of [...this.rows]) if (row.userId === userId) this.rows.delete(key);
    });
  }

  async create(user: ScimUser): Promise<{ ok: true; value: ScimUser } | { ok: false; reason: 'taken' }> {
    if (!this.tables.users.has(user.userId)) throw new Error('No user for SCIM user');
    if (this.rows.has(keyOf(user.organizationId, user.userId)) || this.byUserName(user.organizationId, user.userName)) return { ok: false, reason: 'taken' };
    this.rows.set(keyOf(user.organizationId, user.userId), copy(user));
    return { ok: true, value: copy(user) };
  }

  async find(organizationId: string, userId: string): Promise<ScimUser | null> {
    const row = this.rows.get(keyOf(organizationId, userId));
    return row ? copy(row) : null;
  }

  async findByUserName(organizationId: string, userName: string): Promise<ScimUser | null> {
    const row = this.byUserName(organizationId, userName);
    return row ? copy(row) : null;
  }

  async list(organizationId: string, page: { offset: number; limit: number }): Promise<{ users: ScimUser[]; total: number }> {
    const all = [...this.rows.values()].filter((r) => r.organizationId === organizationId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.userId.localeCompare(b.userId));
    return { users: all.slice(page.offset, page.offset + page.limit).map(copy), total: all.length };
  }

  async update(organizationId: string, userId: string, changes: ScimUserChanges): Promise<{ ok: true; value: ScimUser } | { ok: false; reason: 'taken' | 'not-found' }> {
    const row = this.rows.get(keyOf(organizationId, userId));
    if (!row) return { ok: false, reason: 'not-found' };
    if (changes.userName !== undefined) {
      const other = this.byUserName(organizationId, changes.userName);
      if (other && other.userId !== userId) return { ok: false, reason: 'taken' };
    }
    const updated = { ...row, ...withoutUndefined(changes) };
    this.rows.set(keyOf(organizationId, userId), updated);
    return { ok: true, value: copy(updated) };
  }

  async delete(organizationId: string, userId: string): Promise<boolean> {
    return this.rows.delete(keyOf(organizationId, userId));
  }

  private byUserName(organizationId: string, userName: string): ScimUser | undefined {
    const lower = userName.toLowerCase();
    return [...this.rows.values()].find((r) => r.organizationId === organizationId && r.userName.toLowerCase() === lower);
  }
}

const keyOf = (organizationId: string, userId: string) => `${organizationId}\u0000${userId}`;

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
