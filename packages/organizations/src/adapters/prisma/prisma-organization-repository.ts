import { isNotFound, isUniqueViolation, type Database } from '@tend/database';
import type { Organization } from '../../entities.js';
import type { NewOrganization, OrganizationPatch, OrganizationRepository, Outcome } from '../../ports.js';
import { metadataText, organizationRow, toOrganization, TRANSACTION_OPTIONS } from './records.js';

/** Organizations in the `organization` table; the unique slug decides races of creations. */
export class PrismaOrganizationRepository implements OrganizationRepository {
  constructor(private readonly db: Database) {}

  async create(input: NewOrganization, limits: { organizationLimit: number | null }): Promise<Outcome<NewOrganization, 'slug-taken' | 'limit-reached'>> {
    const { organization, owner, defaultTeam } = input;
    try {
      return await this.db.$transaction(async (tx) => {
        if (limits.organizationLimit !== null) {
          // Parallel creations by one user queue on the user's row, then count.
          await tx.$queryRaw`SELECT id FROM "user" WHERE id = ${owner.userId} FOR UPDATE`;
          const memberships = await tx.member.count({ where: { userId: owner.userId } });
          if (memberships >= limits.organizationLimit) return { ok: false, reason: 'limit-reached' } as const;
        }
        await tx.organization.create({ data: organizationRow(organization) });
        if (defaultTeam) await tx.team.create({ data: defaultTeam });
        await tx.member.create({ data: owner });
        return { ok: true, value: input } as const;
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      // The slug is the only unique value a new organization can collide on.
      if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' };
      throw error;
    }
  }

  async findById(id: string): Promise<Organization | null> {
    const row = await this.db.organization.findUnique({ where: { id } });
    return row && toOrganization(row);
  }

  async findBySlug(slug: string): Promise<Organization | null> {
    const row = await this.db.organization.findUnique({ where: { slug } });
    return row && toOrganization(row);
  }

  async listByUser(userId: string): Promise<Organization[]> {
    const rows = await this.db.organization.findMany({ where: { members: { some: { userId } } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toOrganization);
  }

  async update(id: string, patch: OrganizationPatch): Promise<Outcome<Organization, 'not-found' | 'slug-taken'>> {
    const { metadata, ...rest } = patch;
    try {
      const row = await this.db.organization.update({ where: { id }, data: { ...rest, ...(metadata !== undefined ? { metadata: metadataText(metadata) } : {}) } });
      return { ok: true, value: toOrganization(row) };
    } catch (error) {
      if (isNotFound(error)) return { ok: false, reason: 'not-found' };
      if (isUniqueViolation(error)) return { ok: false, reason: 'slug-taken' };
      throw error;
    }
  }

  async delete(id: string): Promise<Organization | null> {
    try {
      // Members, invitations and teams go with it (ON DELETE CASCADE).
      return toOrganization(await this.db.organization.delete({ where: { id } }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}
