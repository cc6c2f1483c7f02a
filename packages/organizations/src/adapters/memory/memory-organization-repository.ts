import type { MemoryTables } from '@tend/kernel';
import type { Organization } from '../../entities.js';
import type { NewOrganization, OrganizationPatch, OrganizationRepository, Outcome } from '../../ports.js';
import { copyOrganization, organizationTables, type OrganizationTables } from './organization-tables.js';

/** Organizations in memory, with the database's unique slug and cascades. */
export class MemoryOrganizationRepository implements OrganizationRepository {
  private readonly own: OrganizationTables;

  constructor(private readonly tables: MemoryTables) {
    this.own = organizationTables(tables);
  }

  // Every check and write below runs without an await in between: one step of the event loop,
  // as atomic as the database's transaction.
  async create(input: NewOrganization, limits: { organizationLimit: number | null }): Promise<Outcome<NewOrganization, 'slug-taken' | 'limit-reached'>> {
    const { organization, owner, defaultTeam } = input;
    if (!this.tables.users.has(owner.userId)) throw new Error('No user for member');
    if (owner.teamId !== null && owner.teamId !== defaultTeam?.id && !this.own.teams.has(owner.teamId)) throw new Error('No team for member');
    if (limits.organizationLimit !== null) {
      const memberships = [...this.own.members.values()].filter((member) => member.userId === owner.userId).length;
      if (memberships >= limits.organizationLimit) return { ok: false, reason: 'limit-reached' };
    }
    if (this.slugTaken(organization.slug, organization.id)) return { ok: false, reason: 'slug-taken' };
    this.own.organizations.set(organization.id, copyOrganization(organization));
    if (defaultTeam) this.own.teams.set(defaultTeam.id, { ...defaultTeam });
    this.own.members.set(owner.id, { ...owner });
    return { ok: true, value: input };
  }

  async findById(id: string): Promise<Organization | null> {
    const organization = this.own.organizations.get(id);
    return organization ? copyOrganization(organization) : null;
  }

  async findBySlug(slug: string): Promise<Organization | null> {
    for (const organization of this.own.organizations.values()) if (organization.slug === slug) return copyOrganization(organization);
    return null;
  }

  async listByUser(userId: string): Promise<Organization[]> {
    const ids = new Set([...this.own.members.values()].filter((member) => member.userId === userId).map((member) => member.organizationId));
    return [...this.own.organizations.values()]
      .filter((organization) => ids.has(organization.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(copyOrganization);
  }

  async update(id: string, patch: OrganizationPatch): Promise<Outcome<Organization, 'not-found' | 'slug-taken'>> {
    const current = this.own.organizations.get(id);
    if (!current) return { ok: false, reason: 'not-found' };
    if (patch.slug !== undefined && this.slugTaken(patch.slug, id)) return { ok: false, reason: 'slug-taken' };
    const updated = copyOrganization({ ...current, ...definedFields(patch) });
    this.own.organizations.set(id, updated);
    return { ok: true, value: copyOrganization(updated) };
  }

  async delete(id: string): Promise<Organization | null> {
    const organization = this.own.organizations.get(id);
    if (!organization) return null;
    this.tables.deleteRow('organizations', id);
    return copyOrganization(organization);
  }

  private slugTaken(slug: string, exceptId: string): boolean {
    for (const organization of this.own.organizations.values()) if (organization.slug === slug && organization.id !== exceptId) return true;
    return false;
  }
}

/** The fields of a patch that are set (undefined leaves a column alone, as Prisma does). */
export function definedFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
