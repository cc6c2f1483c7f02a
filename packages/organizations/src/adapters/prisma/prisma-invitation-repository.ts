import { isUniqueViolation, type Database } from '@tend/database';
import type { Invitation, Member, UserInvitation } from '../../entities.js';
import type { InvitationRepository, Outcome } from '../../ports.js';
import { lockOrganization, toInvitation, toMember, TRANSACTION_OPTIONS } from './records.js';

type AcceptOutcome = Outcome<{ invitation: Invitation; member: Member }, 'not-pending' | 'limit-reached' | 'already-member'>;

/** Invitations in the `invitation` table; status changes are conditional updates from pending. */
export class PrismaInvitationRepository implements InvitationRepository {
  constructor(private readonly db: Database) {}

  async create(invitation: Invitation, now: Date): Promise<Outcome<Invitation, 'already-invited' | 'organization-not-found'>> {
    return this.db.$transaction(async (tx) => {
      // Parallel invitations of one address queue on the organization's row.
      if (!(await lockOrganization(tx, invitation.organizationId))) return { ok: false, reason: 'organization-not-found' } as const;
      const pending = await tx.invitation.findFirst({ where: live(invitation.organizationId, invitation.email, now), select: { id: true } });
      if (pending) return { ok: false, reason: 'already-invited' } as const;
      return { ok: true, value: toInvitation(await tx.invitation.create({ data: invitation })) } as const;
    }, TRANSACTION_OPTIONS);
  }

  async findById(id: string): Promise<Invitation | null> {
    const row = await this.db.invitation.findUnique({ where: { id } });
    return row && toInvitation(row);
  }

  async findPending(organizationId: string, email: string, now: Date): Promise<Invitation | null> {
    const row = await this.db.invitation.findFirst({ where: live(organizationId, email, now), orderBy: { createdAt: 'desc' } });
    return row && toInvitation(row);
  }

  async listByOrganization(organizationId: string): Promise<Invitation[]> {
    const rows = await this.db.invitation.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
    return rows.map(toInvitation);
  }

  async listPendingByEmail(email: string, now: Date): Promise<UserInvitation[]> {
    const rows = await this.db.invitation.findMany({
      where: { email, status: 'pending', expiresAt: { gt: now } },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      include: { organization: { select: { name: true, slug: true } } },
    });
    return rows.map(({ organization, ...row }) => ({ ...toInvitation(row), organizationName: organization.name, organizationSlug: organization.slug }));
  }

  async renew(id: string, patch: Pick<Invitation, 'expiresAt' | 'role' | 'teamId'>): Promise<Invitation | null> {
    const { count } = await this.db.invitation.updateMany({ where: { id, status: 'pending' }, data: patch });
    return count === 1 ? this.findById(id) : null;
  }

  async settle(id: string, status: 'rejected' | 'canceled', unexpiredAt?: Date): Promise<Invitation | null> {
    const where = { id, status: 'pending', ...(unexpiredAt ? { expiresAt: { gt: unexpiredAt } } : {}) };
    const { count } = await this.db.invitation.updateMany({ where, data: { status } });
    // Only the caller whose update matched reads the row back, so only it answers the invitation.
    return count === 1 ? this.findById(id) : null;
  }

  async accept(id: string, newMember: Pick<Member, 'id' | 'userId' | 'createdAt'>, options: { now: Date; membershipLimit: number }): Promise<AcceptOutcome> {
    try {
      return await this.db.$transaction(async (tx): Promise<AcceptOutcome> => {
        const found = await tx.invitation.findUnique({ where: { id }, select: { organizationId: true } });
        if (!found) return { ok: false, reason: 'not-pending' };
        await lockOrganization(tx, found.organizationId);
        const invitation = await tx.invitation.findUnique({ where: { id } });
        if (!invitation || invitation.status !== 'pending' || invitation.expiresAt.getTime() <= options.now.getTime()) return { ok: false, reason: 'not-pending' };
        const { organizationId } = invitation;
        if (await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId: newMember.userId } }, select: { id: true } })) {
          return { ok: false, reason: 'already-member' };
        }
        if ((await tx.member.count({ where: { organizationId } })) >= options.membershipLimit) return { ok: false, reason: 'limit-reached' };
        // The conditional update is the second guard: one accept moves it from pending.
        const { count } = await tx.invitation.updateMany({ where: { id, status: 'pending' }, data: { status: 'accepted' } });
        if (count !== 1) return { ok: false, reason: 'not-pending' };
        const member = await tx.member.create({ data: { ...newMember, organizationId, role: invitation.role, teamId: invitation.teamId } });
        return { ok: true, value: { invitation: toInvitation({ ...invitation, status: 'accepted' }), member: toMember(member) } };
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      // (organizationId, userId) is unique: a membership made meanwhile by another path.
      if (isUniqueViolation(error)) return { ok: false, reason: 'already-member' };
      throw error;
    }
  }
}

function live(organizationId: string, email: string, now: Date) {
  return { organizationId, email, status: 'pending', expiresAt: { gt: now } };
}
