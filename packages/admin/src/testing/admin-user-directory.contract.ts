import { newUser, type User } from '@tend/identity';
import type { AdminUserDirectory } from '../user-directory.port.js';
import { encodeCursor, userListQuery, type ListUsersQueryInput } from '../user-list-query.js';

export interface AdminUserDirectoryHarness {
  directory: AdminUserDirectory;
  /** Stores a user as it is. */
  seedUser(user: User): Promise<void>;
  addSession(userId: string): Promise<void>;
  sessionCount(userId: string): Promise<number>;
  close(): Promise<void>;
}

const t0 = Date.UTC(2026, 0, 1);
const at = (minutes: number) => new Date(t0 + minutes * 60_000);

/** Five users whose columns exercise every kind of search, filter and sort (ids fix the order of ties). */
function people(): User[] {
  const user = (fields: Partial<User> & Pick<User, 'id' | 'email' | 'name'>) => newUser(fields, fields.createdAt ?? at(0));
  return [
    user({ id: 'u1', email: 'ada.lovelace@example.com', name: 'ada', age: 36, role: 'admin', createdAt: at(1), updatedAt: at(1) }),
    user({ id: 'u2', email: 'bob_smith@example.org', name: 'bob', age: null, banned: true, banReason: 'spam', banExpires: at(500), createdAt: at(2), updatedAt: at(2) }),
    user({ id: 'u3', email: 'cy%100@example.com', name: 'cy', age: 20, role: 'user,coach', notification: 'disabled', createdAt: at(3), updatedAt: at(3) }),
    user({ id: 'u4', email: 'dee@sample.net', name: 'dee', age: 36, createdAt: at(3), updatedAt: at(3) }),
    user({ id: 'u5', email: 'eve@example.com', name: 'eve', age: 50, emailVerified: true, createdAt: at(4), updatedAt: at(4) }),
  ];
}

/**
 * The behaviour every AdminUserDirectory adapter must have: literal case-insensitive search,
 * typed filters (ne keeps empty columns, comparisons skip them), empty columns last in both
 * sort directions with ties broken by id, totals independent of the page, removal with one winner.
 */
export function adminUserDirectoryContract(name: string, open: () => Promise<AdminUserDirectoryHarness>): void {
  describe(`AdminUserDirectory contract: ${name}`, () => {
    let h: AdminUserDirectoryHarness;
    beforeEach(async () => {
      h = await open();
      for (const person of people()) await h.seedUser(person);
    });
    afterEach(() => h.close());

    const ids = async (input: ListUsersQueryInput) => (await h.directory.list(userListQuery(input))).users.map((user) => user.id);
    const total = async (input: ListUsersQueryInput) => (await h.directory.list(userListQuery(input))).total;

    it('answers users field for field, newest first by default', async () => {
      const { users, total: count } = await h.directory.list(userListQuery({}));
      expect(users.map((u) => u.id)).toEqual(['u5', 'u3', 'u4', 'u2', 'u1']);
      expect(count).toBe(5);
      expect(users.find((u) => u.id === 'u2')).toEqual(people()[1]);
    });

    it('searches email with contains, starts_with and ends_with, case-insensitively', async () => {
      expect(await ids({ searchValue: 'EXAMPLE.COM', sortBy: 'id' })).toEqual(['u1', 'u3', 'u5']);
      expect(await ids({ searchValue: 'B', searchOperator: 'starts_with' })).toEqual(['u2']);
      expect(await ids({ searchValue: '.net', searchOperator: 'ends_with' })).toEqual(['u4']);
      expect(await ids({ searchValue: 'nobody' })).toEqual([]);
    });

    it('searches name case-insensitively', async () => {
      expect(await ids({ searchValue: 'E', searchField: 'name', sortBy: 'id' })).toEqual(['u4', 'u5']);
      expect(await ids({ searchValue: 'AD', searchField: 'name', searchOperator: 'starts_with' })).toEqual(['u1']);
    });

    it('matches % and _ literally', async () => {
      expect(await ids({ searchValue: '%' })).toEqual(['u3']);
      expect(await ids({ searchValue: '_' })).toEqual(['u2']);
      expect(await ids({ searchValue: 'y%1', searchOperator: 'contains' })).toEqual(['u3']);
      expect(await ids({ searchValue: 'a_a', searchField: 'name' })).toEqual([]);
      expect(await ids({ searchValue: '\\' })).toEqual([]);
    });

    it('filters booleans, enums and text exactly', async () => {
      expect(await ids({ filterField: 'banned', filterValue: 'true' })).toEqual(['u2']);
      expect(await ids({ filterField: 'emailVerified', filterValue: true })).toEqual(['u5']);
      expect(await ids({ filterField: 'notification', filterValue: 'disabled' })).toEqual(['u3']);
      expect(await ids({ filterField: 'role', filterValue: 'user', sortBy: 'id' })).toEqual(['u2', 'u4', 'u5']);
      expect(await ids({ filterValue: 'DEE@sample.net' })).toEqual(['u4']);
    });

    it('keeps empty columns in ne and leaves them out of comparisons', async () => {
      expect(await ids({ filterField: 'banReason', filterValue: 'spam', filterOperator: 'ne', sortBy: 'id' })).toEqual(['u1', 'u3', 'u4', 'u5']);
      expect(await ids({ filterField: 'age', filterValue: 36, filterOperator: 'ne', sortBy: 'id' })).toEqual(['u2', 'u3', 'u5']);
      expect(await ids({ filterField: 'age', filterValue: '36', filterOperator: 'gte', sortBy: 'id' })).toEqual(['u1', 'u4', 'u5']);
      expect(await ids({ filterField: 'age', filterValue: 36, filterOperator: 'lt' })).toEqual(['u3']);
      expect(await ids({ filterField: 'age', filterValue: 36, filterOperator: 'lte', sortBy: 'id' })).toEqual(['u1', 'u3', 'u4']);
      expect(await ids({ filterField: 'banExpires', filterValue: at(0).toISOString(), filterOperator: 'gt' })).toEqual(['u2']);
    });

    it('compares dates and finds text containing a value, case-insensitively', async () => {
      expect(await ids({ filterField: 'createdAt', filterValue: at(2).toISOString(), filterOperator: 'gt', sortBy: 'id' })).toEqual(['u3', 'u4', 'u5']);
      expect(await ids({ filterField: 'createdAt', filterValue: at(3).toISOString(), sortBy: 'id' })).toEqual(['u3', 'u4']);
      expect(await ids({ filterField: 'role', filterValue: 'COACH', filterOperator: 'contains' })).toEqual(['u3']);
      expect(await ids({ filterField: 'name', filterValue: '%', filterOperator: 'contains' })).toEqual([]);
    });

    it('applies search and filter together, to the page and the total alike', async () => {
      const input = { searchValue: 'example.com', filterField: 'age', filterValue: 36, filterOperator: 'gte' as const, sortBy: 'id', limit: 1 };
      expect(await ids(input)).toEqual(['u1']);
      expect(await total(input)).toBe(2);
    });

    it('sorts in both directions, empty columns last, ties by id', async () => {
      expect(await ids({ sortBy: 'name' })).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
      expect(await ids({ sortBy: 'name', sortDirection: 'desc' })).toEqual(['u5', 'u4', 'u3', 'u2', 'u1']);
      expect(await ids({ sortBy: 'age' })).toEqual(['u3', 'u1', 'u4', 'u5', 'u2']);
      expect(await ids({ sortBy: 'age', sortDirection: 'desc' })).toEqual(['u5', 'u1', 'u4', 'u3', 'u2']);
      expect(await ids({ sortBy: 'createdAt' })).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
      expect(await ids({ sortBy: 'banned', sortDirection: 'desc' })).toEqual(['u2', 'u1', 'u3', 'u4', 'u5']);
      expect(await ids({ sortBy: 'notification', sortDirection: 'desc' })).toEqual(['u3', 'u1', 'u2', 'u4', 'u5']);
      expect(await ids({ sortBy: 'email' })).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    });

    it('pages without overlap, with the total of all pages', async () => {
      const pages = [];
      for (const offset of [0, 2, 4]) pages.push(...(await ids({ sortBy: 'name', limit: 2, offset })));
      expect(pages).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
      expect(await total({ limit: 2, offset: 4 })).toBe(5);
      const beyond = await h.directory.list(userListQuery({ offset: 10 }));
      expect(beyond).toEqual({ users: [], total: 5 });
    });

    it.each<[string, ListUsersQueryInput]>([
      ['createdAt, newest first (ties on createdAt)', {}],
      ['name ascending', { sortBy: 'name' }],
      ['age descending (an empty column last, ties on 36)', { sortBy: 'age', sortDirection: 'desc' }],
      ['banExpires ascending (mostly empty)', { sortBy: 'banExpires' }],
      ['banned descending (a boolean)', { sortBy: 'banned', sortDirection: 'desc' }],
      ['notification ascending (an enum)', { sortBy: 'notification' }],
      ['email, searched', { sortBy: 'email', searchValue: 'example' }],
    ])('pages by cursor (keyset) in the same order as one whole page: %s', async (_name, input) => {
      const whole = await ids(input);
      for (const limit of [1, 2]) {
        const walked: string[] = [];
        let after: string | undefined;
        for (let guard = 0; guard < 10; guard += 1) {
          const query = userListQuery({ ...input, limit, cursor: after });
          const { users, total: count } = await h.directory.list(query);
          expect(count).toBe(whole.length);
          walked.push(...users.map((user) => user.id));
          if (users.length < limit) break;
          after = encodeCursor(query.sort, users[users.length - 1]!);
        }
        expect(walked).toEqual(whole);
      }
    });

    it('removes a user with its sessions once, and answers false the second time', async () => {
      await h.addSession('u2');
      expect(await h.directory.remove('u2')).toBe(true);
      expect(await h.sessionCount('u2')).toBe(0);
      expect(await h.directory.remove('u2')).toBe(false);
      expect(await total({})).toBe(4);
    });

    it('lets exactly one of parallel removals win', async () => {
      const results = await Promise.all([h.directory.remove('u3'), h.directory.remove('u3'), h.directory.remove('u3')]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
}
