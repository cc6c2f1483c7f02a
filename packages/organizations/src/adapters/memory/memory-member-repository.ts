import type { MemoryTables } from '@tend/kernel';
import type { ListedMember, Member, MemberAccess, MemberWithUser } from '../../entities.js';
import { hasRole } from '../../permissions.js';
import type { MemberFilter, MemberPage, MemberRepository, Outcome, OwnerGuard } from '../../ports.js';
import { listedWithUser, organizationTables, withUser, type OrganizationTables } from './organization-tables.js';

/** Memberships in memory, joined to the users of the same tables. */
export class MemoryMemberRepository implements MemberRepository {
  private readonly own: OrganizationTables;

  constructor(private readonly tables: MemoryTables) {
    this.own = organizationTables(tables);
  }

  async findById(id: string): Promise<MemberWithUser | null> {
    const member = this.own.members.get(id);
    return member ? withUser(this.tables, member) : null;
  }

  async findByUser(organizationId: string, userId: string): Promise<MemberWithUser | null> {
    return this.find((member) => member.organizationId === organizationId && member.userId === userId);
  }

  async findAccess(organizationId: string, userId: string): Promise<MemberAccess | null> {
    const member = await this.findByUser(organizationId, userId);
    const organization = this.own.organizations.get(organizationId);
    if (!member || !organization) return null;
    return { member, requireTwoFactor: organization.requireTwoFactor, twoFactorEnabled: this.tables.users.get(userId)?.twoFactorEnabled === true };
  }

  async findByEmail(organizationId: string, email: string): Promise<MemberWithUser | null> {
    return this.find((member) => member.organizationId === organizationId && this.tables.users.get(member.userId)?.email === email);
  }

  async list(organizationId: string, page: MemberPage): Promise<{ members: ListedMember[]; total: number }> {
    const { filter, search } = page;
    const all = this.inOrganization(organizationId)
      .map((member) => listedWithUser(this.tables, member))
      .filter((member): member is ListedMember => member !== null)
      .filter((member) => (!filter || matchesFilter(member, filter)) && (!search || matchesSearch(member, search)));
    const direction = page.sortDirection === 'desc' ? -1 : 1;
    const sorted = all.sort((a, b) => direction * compare(a[page.sortBy], b[page.sortBy]) || compare(a.id, b.id));
    return { members: sorted.slice(page.offset, page.offset + page.limit), total: all.length };
  }

  async count(organizationId: string): Promise<number> {
    return this.inOrganization(organizationId).length;
  }

  async listByUser(userId: string): Promise<Member[]> {
    return [...this.own.members.values()]
      .filter((member) => member.userId === userId)
      .sort((a, b) => compare(a.createdAt, b.createdAt) || compare(a.id, b.id))
      .map((member) => ({ ...member }));
  }

  // Checks and write in one step of the event loop: as atomic as the database's locked transaction.
  async add(member: Member, options: { membershipLimit: number }): Promise<Outcome<Member, 'already-member' | 'limit-reached' | 'organization-not-found'>> {
    if (!this.own.organizations.has(member.organizationId)) return { ok: false, reason: 'organization-not-found' };
    const members = this.inOrganization(member.organizationId);
    if (members.some((other) => other.userId === member.userId)) return { ok: false, reason: 'already-member' };
    if (members.length >= options.membershipLimit) return { ok: false, reason: 'limit-reached' };
    if (!this.tables.users.has(member.userId)) throw new Error('No user for member');
    this.own.members.set(member.id, { ...member });
    return { ok: true, value: { ...member } };
  }

  async updateRole(memberId: string, role: string, guard: OwnerGuard): Promise<Outcome<Member, 'not-found' | 'last-owner'>> {
    const member = this.own.members.get(memberId);
    if (!member) return { ok: false, reason: 'not-found' };
    if (!hasRole(role, guard.ownerRole) && this.isOnlyOwner(member, guard)) return { ok: false, reason: 'last-owner' };
    member.role = role;
    return { ok: true, value: { ...member } };
  }

  async remove(memberId: string, guard: OwnerGuard): Promise<Outcome<Member, 'not-found' | 'last-owner'>> {
    const member = this.own.members.get(memberId);
    if (!member) return { ok: false, reason: 'not-found' };
    if (this.isOnlyOwner(member, guard)) return { ok: false, reason: 'last-owner' };
    this.own.members.delete(memberId);
    return { ok: true, value: { ...member } };
  }

  private isOnlyOwner(member: Member, guard: OwnerGuard): boolean {
    if (!hasRole(member.role, guard.ownerRole)) return false;
    return !this.inOrganization(member.organizationId).some((other) => other.id !== member.id && hasRole(other.role, guard.ownerRole));
  }

  private inOrganization(organizationId: string): Member[] {
    return [...this.own.members.values()].filter((member) => member.organizationId === organizationId);
  }

  private find(predicate: (member: Member) => boolean): MemberWithUser | null {
    for (const member of this.own.members.values()) if (predicate(member)) return withUser(this.tables, member);
    return null;
  }
}

function compare(a: string | Date | null, b: string | Date | null): number {
  const x = a instanceof Date ? a.getTime() : a ?? '';
  const y = b instanceof Date ? b.getTime() : b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The filter as the database applies it (MemberFilter): exact, literal case-insensitive text, or text order. */
function matchesFilter(member: Member, filter: MemberFilter): boolean {
  const column = member[filter.field];
  switch (filter.operator) {
    case 'in':
      return filter.value.includes(column);
    case 'not_in':
      return !filter.value.includes(column);
    case 'eq':
      return column === filter.value;
    case 'ne':
      return column !== filter.value;
    case 'contains':
      return column.toLowerCase().includes(filter.value.toLowerCase());
    case 'starts_with':
      return column.toLowerCase().startsWith(filter.value.toLowerCase());
    case 'ends_with':
      return column.toLowerCase().endsWith(filter.value.toLowerCase());
    case 'lt':
      return compare(column, filter.value) < 0;
    case 'lte':
      return compare(column, filter.value) <= 0;
    case 'gt':
      return compare(column, filter.value) > 0;
    case 'gte':
      return compare(column, filter.value) >= 0;
  }
}

/** Whether the member's user's name or email (stored lowercase) contains the text, case-insensitively. */
function matchesSearch(member: MemberWithUser, search: string): boolean {
  const text = search.toLowerCase();
  return member.user.email.includes(text) || member.user.name.toLowerCase().includes(text);
}
