import { isUniqueViolation, type Database } from '@tend/database';
import type { RuntimeRole } from '../../entities.js';
import { hasRole, renameRole } from '../../permissions.js';
import type { Outcome, RuntimeRolePatch, RuntimeRoleRepository } from '../../ports.js';
import { lockOrganization, toRuntimeRole, TRANSACTION_OPTIONS } from './records.js';

/**
 * Runtime roles in the `organization_role` table, unique by (organizationId, role); every read
 * is a query (no cache), so each instance sees a change at once.
 */
export class PrismaRuntimeRoleRepository implements RuntimeRoleRepository {
  constructor(private readonly db: Database) {}

  async create(role: RuntimeRole): Promise<Outcome<RuntimeRole, 'name-taken' | 'organization-not-found'>> {
    try {
      return await this.db.$transaction(async (tx) => {
        if (!(await lockOrganization(tx, role.organizationId))) return { ok: false, reason: 'organization-not-found' } as const;
        const row = await tx.organizationRole.create({ data: { ...role, permission: JSON.stringify(role.permission) } });
        return { ok: true, value: toRuntimeRole(row) } as const;
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' };
      throw error;
    }
  }

  async findById(organizationId: string, id: string): Promise<RuntimeRole | null> {
    const row = await this.db.organizationRole.findFirst({ where: { id, organizationId } });
    return row && toRuntimeRole(row);
  }

  async findByName(organizationId: string, role: string): Promise<RuntimeRole | null> {
    const row = await this.db.organizationRole.findUnique({ where: { organizationId_role: { organizationId, role } } });
    return row && toRuntimeRole(row);
  }

  async findByNames(organizationId: string, roles: readonly string[]): Promise<RuntimeRole[]> {
    const rows = await this.db.organizationRole.findMany({ where: { organizationId, role: { in: [...roles] } } });
    return rows.map(toRuntimeRole);
  }

  async list(organizationId: string): Promise<RuntimeRole[]> {
    const rows = await this.db.organizationRole.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toRuntimeRole);
  }

  async update(id: string, patch: RuntimeRolePatch): Promise<Outcome<RuntimeRole, 'not-found' | 'name-taken'>> {
    try {
      return await this.db.$transaction(async (tx) => {
        const found = await tx.organizationRole.findUnique({ where: { id }, select: { organizationId: true } });
        if (!found) return { ok: false, reason: 'not-found' } as const;
        // Member role changes and role deletions of the organization queue here too.
        await lockOrganization(tx, found.organizationId);
        const current = await tx.organizationRole.findUnique({ where: { id } });
        if (!current) return { ok: false, reason: 'not-found' } as const;
        const rename = patch.role !== undefined && patch.role !== current.role ? { from: current.role, to: patch.role } : null;
        if (rename) {
          const { organizationId } = current;
          // `contains` narrows in SQL; renameRole decides on the comma-separated roles.
          const members = await tx.member.findMany({ where: { organizationId, role: { contains: rename.from } }, select: { id: true, role: true } });
          for (const member of members) {
            const role = renameRole(member.role, rename.from, rename.to);
            if (role !== member.role) await tx.member.update({ where: { id: member.id }, data: { role } });
          }
          const invitations = await tx.invitation.findMany({ where: { organizationId, status: 'pending', role: { contains: rename.from } }, select: { id: true, role: true } });
          for (const invitation of invitations) {
            const role = renameRole(invitation.role, rename.from, rename.to);
            if (role !== invitation.role) await tx.invitation.update({ where: { id: invitation.id }, data: { role } });
          }
        }
        const row = await tx.organizationRole.update({
          where: { id },
          data: { ...(rename ? { role: rename.to } : {}), ...(patch.permission !== undefined ? { permission: JSON.stringify(patch.permission) } : {}) },
        });
        return { ok: true, value: toRuntimeRole(row) } as const;
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' };
      throw error;
    }
  }

  async remove(id: string): Promise<Outcome<RuntimeRole, 'not-found' | 'assigned'>> {
    return this.db.$transaction(async (tx) => {
      const found = await tx.organizationRole.findUnique({ where: { id }, select: { organizationId: true } });
      if (!found) return { ok: false, reason: 'not-found' } as const;
      // Under the organization's lock, as member role changes: no member gets the role meanwhile.
      await lockOrganization(tx, found.organizationId);
      const role = await tx.organizationRole.findUnique({ where: { id } });
      if (!role) return { ok: false, reason: 'not-found' } as const;
      const holders = await tx.member.findMany({ where: { organizationId: role.organizationId, role: { contains: role.role } }, select: { role: true } });
      if (holders.some((member) => hasRole(member.role, role.role))) return { ok: false, reason: 'assigned' } as const;
      await tx.organizationRole.delete({ where: { id } });
      return { ok: true, value: toRuntimeRole(role) } as const;
    }, TRANSACTION_OPTIONS);
  }
}
