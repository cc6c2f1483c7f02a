import type { MemoryTables } from '@tend/kernel';
import type { RuntimeRole } from '../../entities.js';
import { hasRole, renameRole } from '../../permissions.js';
import type { Outcome, RuntimeRolePatch, RuntimeRoleRepository } from '../../ports.js';
import { organizationTables, type OrganizationTables } from './organization-tables.js';

/** Runtime roles in memory, unique by (organizationId, role); every read is a copy. */
export class MemoryRuntimeRoleRepository implements RuntimeRoleRepository {
  private readonly own: OrganizationTables;

  constructor(tables: MemoryTables) {
    this.own = organizationTables(tables);
  }

  // Checks and writes without an await in between: as atomic as the database's transaction.
  async create(role: RuntimeRole): Promise<Outcome<RuntimeRole, 'name-taken' | 'organization-not-found'>> {
    if (!this.own.organizations.has(role.organizationId)) return { ok: false, reason: 'organization-not-found' };
    if (this.named(role.organizationId, role.role)) return { ok: false, reason: 'name-taken' };
    if (this.own.roles.has(role.id)) throw new Error('Duplicate role id');
    this.own.roles.set(role.id, copy(role));
    return { ok: true, value: copy(role) };
  }

  async findById(organizationId: string, id: string): Promise<RuntimeRole | null> {
    const role = this.own.roles.get(id);
    return role && role.organizationId === organizationId ? copy(role) : null;
  }

  async findByName(organizationId: string, role: string): Promise<RuntimeRole | null> {
    const found = this.named(organizationId, role);
    return found ? copy(found) : null;
  }

  async findByNames(organizationId: string, roles: readonly string[]): Promise<RuntimeRole[]> {
    return [...this.own.roles.values()].filter((role) => role.organizationId === organizationId && roles.includes(role.role)).map(copy);
  }

  async list(organizationId: string): Promise<RuntimeRole[]> {
    return [...this.own.roles.values()]
      .filter((role) => role.organizationId === organizationId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async update(id: string, patch: RuntimeRolePatch): Promise<Outcome<RuntimeRole, 'not-found' | 'name-taken'>> {
    const role = this.own.roles.get(id);
    if (!role) return { ok: false, reason: 'not-found' };
    if (patch.role !== undefined && patch.role !== role.role) {
      const taken = this.named(role.organizationId, patch.role);
      if (taken) return { ok: false, reason: 'name-taken' };
      for (const member of this.own.members.values()) {
        if (member.organizationId === role.organizationId) member.role = renameRole(member.role, role.role, patch.role);
      }
      for (const invitation of this.own.invitations.values()) {
        if (invitation.organizationId === role.organizationId && invitation.status === 'pending') invitation.role = renameRole(invitation.role, role.role, patch.role);
      }
      role.role = patch.role;
    }
    if (patch.permission !== undefined) role.permission = structuredClone(patch.permission);
    return { ok: true, value: copy(role) };
  }

  async remove(id: string): Promise<Outcome<RuntimeRole, 'not-found' | 'assigned'>> {
    const role = this.own.roles.get(id);
    if (!role) return { ok: false, reason: 'not-found' };
    for (const member of this.own.members.values()) {
      if (member.organizationId === role.organizationId && hasRole(member.role, role.role)) return { ok: false, reason: 'assigned' };
    }
    this.own.roles.delete(id);
    return { ok: true, value: copy(role) };
  }

  private named(organizationId: string, name: string): RuntimeRole | undefined {
    for (const role of this.own.roles.values()) if (role.organizationId === organizationId && role.role === name) return role;
    return undefined;
  }
}

function copy(role: RuntimeRole): RuntimeRole {
  return { ...role, permission: structuredClone(role.permission) };
}
