import { isUniqueViolation, type Database, type Prisma } from '@tend/database';
import type { ListedMember, Member, MemberAccess, MemberWithUser } from '../../entities.js';
import { hasRole } from '../../permissions.js';
import type { MemberFilter, MemberPage, MemberRepository, Outcome, OwnerGuard } from '../../ports.js';
import { escapeLike } from './like.js';
import { LISTED_USER_SELECT, lockOrganization, MEMBER_USER_SELECT, toListedMember, toMember, toMemberWithUser, TRANSACTION_OPTIONS, type Client } from './records.js';

/**
 * Memberships in the `member` table. Listings walk the organization's rows by its
 * (organizationId, createdAt) index, or (organizationId, role) for a role filter or sort; a
 * search matches the users (the trigram indexes on `user` serve it on PostgreSQL once the table
 * is large) and joins their members. The page and its total are two queries with one WHERE.
 */
export class PrismaMemberRepository implements MemberRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<MemberWithUser | null> {
    const row = await this.db.member.findUnique({ where: { id }, include: { user: { select: MEMBER_USER_SELECT } } });
    return row && toMemberWithUser(row);
  }

  async findByUser(organizationId: string, userId: string): Promise<MemberWithUser | null> {
    const row = await this.db.member.findUnique({
      where: { organizationId_userId: { organizationId, userId } },
      include: { user: { select: MEMBER_USER_SELECT } },
    });
    return row && toMemberWithUser(row);
  }

  /**
   * Every organization route's membership check: one statement by the (organizationId, userId)
   * unique index joined to the user and the organization (Prisma's include sends one per table).
   * Through `db`, so inside an ambient transaction it reads that transaction.
   */
  async findAccess(organizationId: string, userId: string): Promise<MemberAccess | null> {
    const [row] = await this.db.$queryRaw<AccessRow[]>`
      SELECT m.id, m."organizationId", m."userId", m.role, m."teamId", m."createdAt",
             u.name AS "userName", u.email AS "userEmail", u.image AS "userImage", u."twoFactorEnabled", o."requireTwoFactor"
        FROM "member" m JOIN "user" u ON u.id = m."userId" JOIN "organization" o ON o.id = m."organizationId"
       WHERE m."organizationId" = ${organizationId} AND m."userId" = ${userId}`;
    if (!row) return null;
    const user = { id: row.userId, name: row.userName, email: row.userEmail, image: row.userImage };
    return { member: toMemberWithUser({ ...row, user }), requireTwoFactor: row.requireTwoFactor, twoFactorEnabled: row.twoFactorEnabled };
  }

  async findByEmail(organizationId: string, email: string): Promise<MemberWithUser | null> {
    // One indexed user lookup by email, then the (organizationId, userId) unique key.
    const user = await this.db.user.findUnique({ where: { email }, select: { id: true } });
    return user ? this.findByUser(organizationId, user.id) : null;
  }

  async list(organizationId: string, page: MemberPage): Promise<{ members: ListedMember[]; total: number }> {
    const where = whereOf(organizationId, page);
    const [rows, total] = await Promise.all([
      this.db.member.findMany({
        where,
        orderBy: [{ [page.sortBy]: page.sortDirection }, { id: 'asc' }],
        skip: page.offset,
        take: page.limit,
        include: { user: { select: LISTED_USER_SELECT } },
      }),
      this.db.member.count({ where }),
    ]);
    return { members: rows.map(toListedMember), total };
  }

  async count(organizationId: string): Promise<number> {
    return this.db.member.count({ where: { organizationId } });
  }

  async listByUser(userId: string): Promise<Member[]> {
    const rows = await this.db.member.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toMember);
  }

  async add(member: Member, options: { membershipLimit: number }): Promise<Outcome<Member, 'already-member' | 'limit-reached' | 'organization-not-found'>> {
    type Added = Outcome<Member, 'already-member' | 'limit-reached' | 'organization-not-found'>;
    try {
      return await this.db.$transaction(async (tx): Promise<Added> => {
        // Parallel joins queue on the organization's row, so each counts the others' members.
        if (!(await lockOrganization(tx, member.organizationId))) return { ok: false, reason: 'organization-not-found' };
        const { organizationId, userId } = member;
        if (await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId } }, select: { id: true } })) return { ok: false, reason: 'already-member' };
        if ((await tx.member.count({ where: { organizationId } })) >= options.membershipLimit) return { ok: false, reason: 'limit-reached' };
        return { ok: true, value: toMember(await tx.member.create({ data: member })) };
      }, TRANSACTION_OPTIONS);
    } catch (error) {
      // (organizationId, userId) is unique: a membership made meanwhile by another path.
      if (isUniqueViolation(error)) return { ok: false, reason: 'already-member' };
      throw error;
    }
  }

  async updateRole(memberId: string, role: string, guard: OwnerGuard): Promise<Outcome<Member, 'not-found' | 'last-owner'>> {
    return this.underLock(memberId, async (tx, member) => {
      if (!hasRole(role, guard.ownerRole) && (await isOnlyOwner(tx, member, guard))) return { ok: false, reason: 'last-owner' };
      return { ok: true, value: toMember(await tx.member.update({ where: { id: member.id }, data: { role } })) };
    });
  }

  async remove(memberId: string, guard: OwnerGuard): Promise<Outcome<Member, 'not-found' | 'last-owner'>> {
    return this.underLock(memberId, async (tx, member) => {
      if (await isOnlyOwner(tx, member, guard)) return { ok: false, reason: 'last-owner' };
      await tx.member.delete({ where: { id: member.id } });
      return { ok: true, value: toMember(member) };
    });
  }

  /** Runs `work` on the member, read again after its organization's row is locked. */
  private underLock(
    memberId: string,
    work: (tx: Client, member: Member) => Promise<Outcome<Member, 'not-found' | 'last-owner'>>,
  ): Promise<Outcome<Member, 'not-found' | 'last-owner'>> {
    return this.db.$transaction(async (tx) => {
      const found = await tx.member.findUnique({ where: { id: memberId }, select: { organizationId: true } });
      if (!found) return { ok: false, reason: 'not-found' } as const;
      await lockOrganization(tx, found.organizationId);
      const member = await tx.member.findUnique({ where: { id: memberId } });
      if (!member) return { ok: false, reason: 'not-found' } as const;
      return work(tx, member);
    }, TRANSACTION_OPTIONS);
  }
}

/** The organization's members that match the page's filter and search. */
function whereOf(organizationId: string, page: MemberPage): Prisma.MemberWhereInput {
  const where: Prisma.MemberWhereInput = { organizationId };
  if (page.filter) where[page.filter.field] = filterOf(page.filter);
  if (page.search) {
    // Emails are stored lowercase: the column itself against the lowercased text (its trigram
    // index serves LIKE '%x%'); names with ILIKE, which trigrams serve as they are.
    const text = escapeLike(page.search);
    where.user = { OR: [{ email: { contains: text.toLowerCase() } }, { name: { contains: text, mode: 'insensitive' } }] };
  }
  return where;
}

/** A member column's condition (MemberFilter's semantics); LIKE patterns take the text literally. */
function filterOf(filter: MemberFilter): Prisma.StringFilter<'Member'> {
  switch (filter.operator) {
    case 'in':
      return { in: [...filter.value] };
    case 'not_in':
      return { notIn: [...filter.value] };
    case 'eq':
      return { equals: filter.value };
    case 'ne':
      return { not: filter.value };
    case 'contains':
      return { contains: escapeLike(filter.value), mode: 'insensitive' };
    case 'starts_with':
      return { startsWith: escapeLike(filter.value), mode: 'insensitive' };
    case 'ends_with':
      return { endsWith: escapeLike(filter.value), mode: 'insensitive' };
    case 'lt':
      return { lt: filter.value };
    case 'lte':
      return { lte: filter.value };
    case 'gt':
      return { gt: filter.value };
    case 'gte':
      return { gte: filter.value };
  }
}

/** Whether the member is an owner and no other member of its organization is. */
async function isOnlyOwner(tx: Client, member: Member, guard: OwnerGuard): Promise<boolean> {
  if (!hasRole(member.role, guard.ownerRole)) return false;
  // `contains` narrows in SQL; hasRole decides on the comma-separated roles.
  const others = await tx.member.findMany({
    where: { organizationId: member.organizationId, id: { not: member.id }, role: { contains: guard.ownerRole } },
    select: { role: true },
  });
  return !others.some((other) => hasRole(other.role, guard.ownerRole));
}

/** The row of findAccess's statement. */
interface AccessRow extends Member {
  userName: string;
  userEmail: string;
  userImage: string | null;
  twoFactorEnabled: boolean;
  requireTwoFactor: boolean;
}
