import { toUser, type Database, type Prisma } from '@tend/database';
import type { User } from '@tend/kernel';
import { USER_LIST_FIELDS, type AdminUserDirectory, type UserListQuery } from '../../user-directory.port.js';
import { escapeLike } from './like.js';

/**
 * The user list on the `user` table: one page query and one count with the same WHERE, both
 * parameterised. Email search compares the stored lowercase email with the lowercased value
 * (case-sensitive LIKE), so a starts_with search can walk the email index; name search and
 * `contains` filters use ILIKE.
 */
export class PrismaAdminUserDirectory implements AdminUserDirectory {
  constructor(private readonly db: Database) {}

  async list(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const where = whereOf(query);
    const [rows, total] = await Promise.all([
      this.db.user.findMany({ where, orderBy: orderOf(query), take: query.limit, skip: query.offset }),
      this.db.user.count({ where }),
    ]);
    return { users: rows.map(toUser), total };
  }

  async remove(userId: string): Promise<boolean> {
    // Sessions, accounts, members and the rest go with the user (ON DELETE CASCADE); the
    // count says whether this call was the one that deleted it.
    const { count } = await this.db.user.deleteMany({ where: { id: userId } });
    return count > 0;
  }
}

function whereOf(query: UserListQuery): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [];
  if (query.search) {
    const { field, operator } = query.search;
    const value = escapeLike(field === 'email' ? query.search.value.toLowerCase() : query.search.value);
    const match = operator === 'starts_with' ? { startsWith: value } : operator === 'ends_with' ? { endsWith: value } : { contains: value };
    and.push({ [field]: field === 'email' ? match : { ...match, mode: 'insensitive' } });
  }
  if (query.filter) {
    const { field, operator, value } = query.filter;
    const nullable = USER_LIST_FIELDS[field].nullable;
    switch (operator) {
      case 'eq':
        and.push({ [field]: { equals: value } });
        break;
      case 'ne':
        // An empty column is "not equal" too (SQL's <> alone would leave it out).
        and.push(nullable ? { OR: [{ [field]: { not: value } }, { [field]: null }] } : { [field]: { not: value } });
        break;
      case 'contains':
        and.push({ [field]: { contains: escapeLike(String(value)), mode: 'insensitive' } });
        break;
      default:
        and.push({ [field]: { [operator]: value } });
    }
  }
  return and.length > 0 ? { AND: and } : {};
}

function orderOf(query: UserListQuery): Prisma.UserOrderByWithRelationInput[] {
  const { field, direction } = query.sort;
  const primary = USER_LIST_FIELDS[field].nullable ? { [field]: { sort: direction, nulls: 'last' } } : { [field]: direction };
  return [primary, { id: 'asc' }];
}
