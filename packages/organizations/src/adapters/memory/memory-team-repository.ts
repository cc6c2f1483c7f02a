import type { MemoryTables } from '@tend/kernel';
import type { Team } from '../../entities.js';
import type { Outcome, TeamRepository } from '../../ports.js';
import { organizationTables, type OrganizationTables } from './organization-tables.js';

/** Teams in memory; removing one clears it from members and invitations (the tables' cascade). */
export class MemoryTeamRepository implements TeamRepository {
  private readonly own: OrganizationTables;

  constructor(private readonly tables: MemoryTables) {
    this.own = organizationTables(tables);
  }

  async create(team: Team): Promise<Team> {
    if (!this.own.organizations.has(team.organizationId)) throw new Error('No organization for team');
    if (this.own.teams.has(team.id)) throw new Error('Duplicate team id');
    this.own.teams.set(team.id, { ...team });
    return { ...team };
  }

  async findById(id: string): Promise<Team | null> {
    const team = this.own.teams.get(id);
    return team ? { ...team } : null;
  }

  async list(organizationId: string): Promise<Team[]> {
    return [...this.own.teams.values()]
      .filter((team) => team.organizationId === organizationId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((team) => ({ ...team }));
  }

  async update(id: string, patch: Pick<Team, 'name' | 'updatedAt'>): Promise<Team | null> {
    const team = this.own.teams.get(id);
    if (!team) return null;
    Object.assign(team, patch);
    return { ...team };
  }

  async remove(id: string, options: { keepLast: boolean }): Promise<Outcome<Team, 'not-found' | 'last-team'>> {
    const team = this.own.teams.get(id);
    if (!team) return { ok: false, reason: 'not-found' };
    if (options.keepLast && ![...this.own.teams.values()].some((other) => other.organizationId === team.organizationId && other.id !== id)) {
      return { ok: false, reason: 'last-team' };
    }
    this.tables.deleteRow('teams', id);
    return { ok: true, value: { ...team } };
  }
}
