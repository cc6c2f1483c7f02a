import { isNotFound, type Database } from '@tend/database';
import type { Team } from '../../entities.js';
import type { Outcome, TeamRepository } from '../../ports.js';
import { lockOrganization, toTeam, TRANSACTION_OPTIONS } from './records.js';

/** Teams in the `team` table; deleting one sets its members' and invitations' teamId to null. */
export class PrismaTeamRepository implements TeamRepository {
  constructor(private readonly db: Database) {}

  async create(team: Team): Promise<Team> {
    return toTeam(await this.db.team.create({ data: team }));
  }

  async findById(id: string): Promise<Team | null> {
    const row = await this.db.team.findUnique({ where: { id } });
    return row && toTeam(row);
  }

  async list(organizationId: string): Promise<Team[]> {
    const rows = await this.db.team.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toTeam);
  }

  async update(id: string, patch: Pick<Team, 'name' | 'updatedAt'>): Promise<Team | null> {
    try {
      return toTeam(await this.db.team.update({ where: { id }, data: patch }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(id: string, options: { keepLast: boolean }): Promise<Outcome<Team, 'not-found' | 'last-team'>> {
    return this.db.$transaction(async (tx) => {
      const found = await tx.team.findUnique({ where: { id }, select: { organizationId: true } });
      if (!found) return { ok: false, reason: 'not-found' } as const;
      // Parallel removals of an organization's teams queue here, so one team always stays.
      await lockOrganization(tx, found.organizationId);
      const team = await tx.team.findUnique({ where: { id } });
      if (!team) return { ok: false, reason: 'not-found' } as const;
      if (options.keepLast && (await tx.team.count({ where: { organizationId: team.organizationId } })) <= 1) return { ok: false, reason: 'last-team' } as const;
      await tx.team.delete({ where: { id } });
      return { ok: true, value: toTeam(team) } as const;
    }, TRANSACTION_OPTIONS);
  }
}
