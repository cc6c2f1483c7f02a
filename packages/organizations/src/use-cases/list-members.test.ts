import { ORGANIZATION_ERRORS } from '../error-codes.js';
import { organizationFixture } from '../testing/fixture.js';
import { ListMembers, type ListMembersInput } from './list-members.js';

describe('ListMembers', () => {
  async function setup(extra = 3) {
    const f = organizationFixture();
    const ada = await f.signUp();
    const { organization } = await f.organization(ada);
    for (let i = 0; i < extra; i += 1) {
      f.clock.advance(1000);
      await f.join(organization.id, await f.signUp(), i === 0 ? 'admin' : 'member');
    }
    return { f, ada: { ...ada, activeOrganizationId: organization.id }, organization, list: new ListMembers(f.stores) };
  }

  it('answers one page of members with their users and the total, oldest first', async () => {
    const { ada, list } = await setup();
    const all = await list.execute({ actor: ada });
    expect(all.total).toBe(4);
    expect(all.members[0]).toMatchObject({ userId: ada.userId, role: 'owner', user: { id: ada.userId, email: ada.email } });
    const page = await list.execute({ actor: ada, limit: 2, offset: '1' });
    expect(page).toEqual({ members: all.members.slice(1, 3), total: 4 });
    const newest = await list.execute({ actor: ada, sortBy: 'createdAt', sortDirection: 'desc', limit: '1' });
    expect(newest.members).toEqual([all.members[3]]);
  });

  it('caps a page at 100 members', async () => {
    const { ada, list } = await setup(0);
    expect((await list.execute({ actor: ada, limit: 1000 })).members).toHaveLength(1);
  });

  it('answers 400 VALIDATION_ERROR (query) for a bad limit, offset or sort field', async () => {
    const { ada, list } = await setup(0);
    for (const query of [{ limit: 0 }, { limit: 'x' }, { offset: -1 }, { sortBy: 'password' }, { sortDirection: 'up' as 'asc' }]) {
      await expect(list.execute({ actor: ada, ...query })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('filters by role or user id and searches names and emails, counting every match', async () => {
    const { f, ada, organization, list } = await setup(0);
    const grace = await f.signUp({ name: 'Grace Hopper', email: 'grace@example.com' });
    const alan = await f.signUp({ name: 'Alan', email: 'alan.grace@example.com' });
    const linus = await f.signUp({ name: 'Linus', email: 'linus@example.com' });
    for (const [joiner, role] of [[grace, 'admin'], [alan, 'member'], [linus, 'member']] as const) {
      f.clock.advance(1000);
      await f.join(organization.id, joiner, role);
    }
    const userIds = async (input: Omit<ListMembersInput, 'actor'>) => {
      const page = await list.execute({ actor: ada, ...input });
      return { userIds: page.members.map((m) => m.userId), total: page.total };
    };
    expect(await userIds({ filterField: 'role', filterValue: 'member' })).toEqual({ userIds: [alan.userId, linus.userId], total: 2 });
    expect(await userIds({ filterField: 'role', filterOperator: 'ne', filterValue: 'member' })).toEqual({ userIds: [ada.userId, grace.userId], total: 2 });
    // in / not_in take a list, or one value.
    expect(await userIds({ filterField: 'role', filterOperator: 'in', filterValue: ['owner', 'admin'] })).toEqual({ userIds: [ada.userId, grace.userId], total: 2 });
    expect(await userIds({ filterField: 'role', filterOperator: 'not_in', filterValue: 'member' })).toEqual({ userIds: [ada.userId, grace.userId], total: 2 });
    expect(await userIds({ filterField: 'userId', filterValue: linus.userId })).toEqual({ userIds: [linus.userId], total: 1 });
    expect(await userIds({ searchValue: 'GRACE' })).toEqual({ userIds: [grace.userId, alan.userId], total: 2 });
    expect(await userIds({ searchValue: 'grace', filterField: 'role', filterValue: 'member', limit: 1 })).toEqual({ userIds: [alan.userId], total: 1 });
    expect(await userIds({ searchValue: 'example.com', limit: 1, offset: 2 })).toEqual({ userIds: [alan.userId], total: 4 });
    // An empty search is no search.
    expect((await userIds({ searchValue: '' })).total).toBe(4);
  });

  it('answers 400 VALIDATION_ERROR (query) for a filter it cannot read', async () => {
    const { ada, list } = await setup(0);
    const bad: Array<Omit<ListMembersInput, 'actor'>> = [
      { filterField: 'email', filterValue: 'a@example.com' },
      { filterField: 'role' },
      { filterValue: 'admin' },
      { filterOperator: 'eq' },
      { filterField: 'role', filterValue: 'admin', filterOperator: 'like' },
      { filterField: 'role', filterValue: ['admin', 'member'] },
      { filterField: 'role', filterValue: ['admin', 'member'], filterOperator: 'contains' },
      { filterField: 'role', filterValue: [], filterOperator: 'in' },
      { filterField: 'role', filterValue: Array.from({ length: 101 }, (_, i) => `role${i}`), filterOperator: 'not_in' },
    ];
    for (const query of bad) {
      await expect(list.execute({ actor: ada, ...query })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    }
  });

  it('answers 403 YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION for others and 400 NO_ACTIVE_ORGANIZATION without one', async () => {
    const { f, organization, list } = await setup(0);
    const eve = await f.signUp();
    await expect(list.execute({ actor: eve, organizationId: organization.id })).rejects.toMatchObject(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    await expect(list.execute({ actor: eve })).rejects.toMatchObject(ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION);
  });
});
