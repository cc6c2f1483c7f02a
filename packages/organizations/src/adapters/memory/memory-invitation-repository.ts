import type { MemoryTables } from '@tend/kernel';
import type { Invitation, Member, UserInvitation } from '../../entities.js';
import type { InvitationRepository, Outcome } from '../../ports.js';
import { organizationTables, type OrganizationTables } from './organization-tables.js';

/** Invitations in memory; each guarded write checks and writes in one step of the event loop. */
export class MemoryInvitationRepository implements InvitationRepository {
  private readonly own: OrganizationTables;

  constructor(private readonly tables: MemoryTables) {
    this.own = organizationTables(tables);
  }

  async create(invitation: Invitation, now: Date): Promise<Outcome<Invitation, 'already-invited' | 'organization-not-found'>> {
    if (!this.own.organizations.has(invitation.organizationId)) return { ok: false, reason: 'organization-not-found' };
    if (!this.tables.users.has(invitation.inviterId)) throw new Error('No user for inviter');
    if (invitation.teamId !== null && !this.own.teams.has(invitation.teamId)) throw new Error('No team for invitation');
    if (this.pending(invitation.organizationId, invitation.email, now)) return { ok: false, reason: 'already-invited' };
    this.own.invitations.set(invitation.id, { ...invitation });
    return { ok: true, value: { ...invitation } };
  }

  async findById(id: string): Promise<Invitation | null> {
    const invitation = this.own.invitations.get(id);
    return invitation ? { ...invitation } : null;
  }

  async findPending(organizationId: string, email: string, now: Date): Promise<Invitation | null> {
    const invitation = this.pending(organizationId, email, now);
    return invitation ? { ...invitation } : null;
  }

  async listByOrganization(organizationId: string): Promise<Invitation[]> {
    return newestFirst([...this.own.invitations.values()].filter((invitation) => invitation.organizationId === organizationId));
  }

  async listPendingByEmail(email: string, now: Date): Promise<UserInvitation[]> {
    const live = [...this.own.invitations.values()].filter((invitation) => invitation.email === email && isLive(invitation, now));
    return newestFirst(live).flatMap((invitation) => {
      const organization = this.own.organizations.get(invitation.organizationId);
      return organization ? [{ ...invitation, organizationName: organization.name, organizationSlug: organization.slug }] : [];
    });
  }

  async renew(id: string, patch: Pick<Invitation, 'expiresAt' | 'role' | 'teamId'>): Promise<Invitation | null> {
    const invitation = this.own.invitations.get(id);
    if (!invitation || invitation.status !== 'pending') return null;
    Object.assign(invitation, patch);
    return { ...invitation };
  }

  async settle(id: string, status: 'rejected' | 'canceled', unexpiredAt?: Date): Promise<Invitation | null> {
    const invitation = this.own.invitations.get(id);
    if (!invitation || invitation.status !== 'pending') return null;
    if (unexpiredAt && invitation.expiresAt.getTime() <= unexpiredAt.getTime()) return null;
    invitation.status = status;
    return { ...invitation };
  }

  async accept(
    id: string,
    newMember: Pick<Member, 'id' | 'userId' | 'createdAt'>,
    options: { now: Date; membershipLimit: number },
  ): Promise<Outcome<{ invitation: Invitation; member: Member }, 'not-pending' | 'limit-reached' | 'already-member'>> {
    const invitation = this.own.invitations.get(id);
    if (!invitation || !isLive(invitation, options.now)) return { ok: false, reason: 'not-pending' };
    const members = [...this.own.members.values()].filter((member) => member.organizationId === invitation.organizationId);
    if (members.some((member) => member.userId === newMember.userId)) return { ok: false, reason: 'already-member' };
    if (members.length >= options.membershipLimit) return { ok: false, reason: 'limit-reached' };
    if (!this.tables.users.has(newMember.userId)) throw new Error('No user for member');
    const member: Member = { ...newMember, organizationId: invitation.organizationId, role: invitation.role, teamId: invitation.teamId };
    invitation.status = 'accepted';
    this.own.members.set(member.id, member);
    return { ok: true, value: { invitation: { ...invitation }, member: { ...member } } };
  }

  private pending(organizationId: string, email: string, now: Date): Invitation | null {
    for (const invitation of this.own.invitations.values()) {
      if (invitation.organizationId === organizationId && invitation.email === email && isLive(invitation, now)) return invitation;
    }
    return null;
  }
}

function isLive(invitation: Invitation, now: Date): boolean {
  return invitation.status === 'pending' && invitation.expiresAt.getTime() > now.getTime();
}

function newestFirst<T extends Invitation>(invitations: T[]): T[] {
  return invitations.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((invitation) => ({ ...invitation }));
}
