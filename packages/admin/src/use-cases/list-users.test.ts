import { MINUTE } from '@tend/kernel';
import type { User } from '@tend/identity';
import { adminFixture } from '../testing/admin-fixture.js';
import type { AdminUserDirectory } from '../user-directory.port.js';
import { ListUsers } from './list-users.js';

describe('ListUsers', () => {
  async function seeded() {
    const f = adminFixture();
    const { actor } = await f.admin({ email: 'root@example.com', name: 'root' });
    for (const name of ['ada', 'bob', 'cy']) {
      f.clock.advance(MINUTE);
      await f.seedUser({ email: `${name}@example.com`, name });
    }
    return { f, actor, list: new ListUsers(f.directory) };
  }

  it('answers newest first with the total, limit and offset', async () => {
    const { actor, list } = await seeded();
    const page = await list.execute({ actor, limit: '2', offset: '1' });
    expect(page.users.map((u: User) => u.name)).toEqual(['bob', 'ada']);
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1 });
  });

  it('counts the total with the same search and filter as the page', async () => {
    const { actor, list } = await seeded();
    expect(await list.execute({ actor, searchValue: 'B', searchField: 'name' })).toMatchObject({ total: 1, users: [{ name: 'bob' }] });
    expect(await list.execute({ actor, filterField: 'role', filterValue: 'user', sortBy: 'name' })).toMatchObject({ total: 3, users: [{ name: 'ada' }, { name: 'bob' }, { name: 'cy' }] });
  });

  it('answers 400 VALIDATION_ERROR (query) for a column outside the allow-list', async () => {
    const { actor, list } = await seeded();
    await expect(list.execute({ actor, sortBy: 'password' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('answers an empty page with total 0 when the store fails, and logs it', async () => {
    const f = adminFixture();
    const logged: string[] = [];
    const broken: AdminUserDirectory = { list: () => Promise.reject(new Error('database down')), remove: async () => false };
    const logger = { info() {}, warn() {}, error: (message: string) => void logged.push(message) };
    expect(await new ListUsers(broken, {}, logger).execute({ actor: f.actor('admin'), limit: 10 })).toEqual({ users: [], total: 0, limit: 10, offset: 0, nextCursor: null });
    expect(logged).toEqual(['admin list-users failed']);
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_LIST_USERS to a non-admin', async () => {
    const { f, list } = await seeded();
    await expect(list.execute({ actor: f.actor('user') })).rejects.toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', message: 'You are not allowed to list users' });
  });
});
