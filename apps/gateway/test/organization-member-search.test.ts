// Member search (issue 32): GET /organization/list-members with a filter on role or userId (every
// operator), a search of the users' names and emails, paging with the total of every match, and
// the 400 for a query it cannot read.
import { ORGANIZATION_ERRORS as E } from '@tend/organizations';
import { BASE, addMember, createOrganization, expectError, newUser, organizationConfig, startGateway, type Client, type TestGateway } from './harness/index.js';

type Pairs = Array<[string, string]>;
interface Listed {
  members: Array<{ id: string; organizationId: string; userId: string; role: string; createdAt: string; user: { id: string; name: string; email: string } }>;
  total: number;
}

describe('organization member search: GET /organization/list-members with filters and a search', () => {
  let gateway: TestGateway;
  let owner: Client;
  let organizationId: string;
  /** The members' clients, oldest member first: Olive (owner), Ada (admin), Grace, Alan (member), Linus (admin,member). */
  let people: Record<'olive' | 'ada' | 'grace' | 'alan' | 'linus', Client>;

  beforeAll(async () => {
    gateway = await startGateway(organizationConfig());
    owner = await newUser(gateway, 'Olive Owner');
    organizationId = (await createOrganization(owner)).id;
    const ada = await newUser(gateway, 'Ada Lovelace');
    const grace = await newUser(gateway, 'Grace Hopper');
    const alan = await newUser(gateway, 'Alan Turing');
    const linus = await newUser(gateway, 'Linus 100%');
    await addMember(owner, organizationId, ada, 'admin');
    await addMember(owner, organizationId, grace);
    await addMember(owner, organizationId, alan);
    const joined = await addMember(owner, organizationId, linus);
    expect((await owner.post('/organization/update-member-role', { memberId: joined.id, role: ['admin', 'member'] })).status).toBe(200);
    people = { olive: owner, ada, grace, alan, linus };
    // Another organization whose member matches every search below: never listed here.
    const stranger = await newUser(gateway, 'Grace Hopper Ada Lovelace Linus 100%');
    await createOrganization(stranger, 'Other Clinic');
  });
  afterAll(() => gateway.close());

  /** GET list-members as `by` with the pairs (a name may repeat), from the caller's active organization. */
  async function list(pairs: Pairs, by: Client = owner) {
    return by.get(`/organization/list-members?${new URLSearchParams(pairs).toString()}`);
  }

  /** The first names of the listed members' users, in the order answered, and the total. */
  async function names(pairs: Pairs): Promise<{ names: string[]; total: number }> {
    const res = await list(pairs);
    expect(res.status).toBe(200);
    const body = res.body as Listed;
    return { names: body.members.map((m) => m.user.name.split(' ')[0]!), total: body.total };
  }

  const of = (...listed: string[]) => ({ names: listed, total: listed.length });
  const filter = (field: string, operator: string, ...values: string[]): Pairs => [['filterField', field], ['filterOperator', operator], ...values.map((value): [string, string] => ['filterValue', value])];

  it('answers as before without the new parameters: every member with its user, oldest first, and the total', async () => {
    const res = await list([]);
    expect(res.status).toBe(200);
    const body = res.body as Listed;
    expect(body.total).toBe(5);
    expect(body.members.map((m) => m.userId)).toEqual(Object.values(people).map((p) => p.user.id));
    expect(body.members[2]).toEqual({
      id: expect.any(String),
      organizationId,
      userId: people.grace.user.id,
      role: 'member',
      teamId: null,
      createdAt: expect.any(String),
      // The caller is the owner: it also sees whether the member has a second factor (require two-factor).
      user: { id: people.grace.user.id, name: 'Grace Hopper', email: people.grace.user.email, image: null, twoFactorEnabled: false },
    });
  });

  it.each([
    ['eq (the default)', [['filterField', 'role'], ['filterValue', 'member']] as Pairs, ['Grace', 'Alan']],
    ['eq', filter('role', 'eq', 'admin'), ['Ada']],
    ['eq, case-sensitive', filter('role', 'eq', 'Admin'), []],
    ['ne', filter('role', 'ne', 'member'), ['Olive', 'Ada', 'Linus']],
    ['in (repeated)', filter('role', 'in', 'owner', 'admin'), ['Olive', 'Ada']],
    ['in (one value)', filter('role', 'in', 'admin,member'), ['Linus']],
    ['not_in', filter('role', 'not_in', 'owner', 'admin'), ['Grace', 'Alan', 'Linus']],
    ['contains, case-insensitive', filter('role', 'contains', 'MIN'), ['Ada', 'Linus']],
    ['contains, literally', filter('role', 'contains', '%'), []],
    ['starts_with', filter('role', 'starts_with', 'adm'), ['Ada', 'Linus']],
    ['starts_with, literally', filter('role', 'starts_with', '_dmin'), []],
    ['ends_with', filter('role', 'ends_with', 'member'), ['Grace', 'Alan', 'Linus']],
    ['lt', filter('role', 'lt', 'member'), ['Ada', 'Linus']],
    ['lte', filter('role', 'lte', 'member'), ['Ada', 'Grace', 'Alan', 'Linus']],
    ['gt', filter('role', 'gt', 'member'), ['Olive']],
    ['gte', filter('role', 'gte', 'member'), ['Olive', 'Grace', 'Alan']],
  ] as Array<[string, Pairs, string[]]>)('filters by role with %s', async (_operator, pairs, expected) => {
    expect(await names(pairs)).toEqual(of(...expected));
  });

  it('filters by userId with every operator', async () => {
    const { grace, alan } = people;
    const id = (client: Client) => client.user.id;
    expect(await names(filter('userId', 'eq', id(grace)))).toEqual(of('Grace'));
    expect((await names(filter('userId', 'ne', id(grace)))).total).toBe(4);
    expect(await names(filter('userId', 'in', id(alan), id(grace), 'no-such-user'))).toEqual(of('Grace', 'Alan'));
    expect(await names(filter('userId', 'not_in', id(alan), id(grace)))).toEqual(of('Olive', 'Ada', 'Linus'));
    expect(await names(filter('userId', 'contains', id(grace).slice(9, 23).toUpperCase()))).toEqual(of('Grace'));
    expect(await names(filter('userId', 'starts_with', id(alan).slice(0, 13)))).toEqual(of('Alan'));
    expect(await names(filter('userId', 'ends_with', id(alan).slice(-12)))).toEqual(of('Alan'));
    // Text order of the ids (lowercase hexadecimal UUIDs).
    const byId = Object.entries(people).sort(([, a], [, b]) => (a.user.id < b.user.id ? -1 : 1));
    const middle = byId[2]![1].user.id;
    const firstNames = (entries: typeof byId) => entries.map(([, client]) => client.user.name.split(' ')[0]!).sort();
    const sortedNames = async (operator: string) => (await names(filter('userId', operator, middle))).names.sort();
    expect(await sortedNames('lt')).toEqual(firstNames(byId.slice(0, 2)));
    expect(await sortedNames('lte')).toEqual(firstNames(byId.slice(0, 3)));
    expect(await sortedNames('gt')).toEqual(firstNames(byId.slice(3)));
    expect(await sortedNames('gte')).toEqual(firstNames(byId.slice(2)));
  });

  it("searches the users' names and emails, case-insensitively and literally, in this organization only", async () => {
    // newUser makes each email from the name (gracehopper.…@example.com).
    expect(await names([['searchValue', 'hopper']])).toEqual(of('Grace'));
    expect(await names([['searchValue', 'LOVELACE']])).toEqual(of('Ada'));
    expect(await names([['searchValue', people.alan.user.email.toUpperCase()]])).toEqual(of('Alan'));
    expect(await names([['searchValue', 'Turing']])).toEqual(of('Alan'));
    expect(await names([['searchValue', '%']])).toEqual(of('Linus'));
    expect(await names([['searchValue', '_']])).toEqual(of());
    expect(await names([['searchValue', 'nobody at all']])).toEqual(of());
    expect(await names([['searchValue', '']])).toEqual(of('Olive', 'Ada', 'Grace', 'Alan', 'Linus'));
    // With a filter, both hold.
    expect(await names([['searchValue', '@example.com'], ...filter('role', 'in', 'admin', 'admin,member')])).toEqual(of('Ada', 'Linus'));
    expect(await names([['searchValue', 'hopper'], ...filter('role', 'ne', 'member')])).toEqual(of());
  });

  it('pages the matches and counts them all in the total, whatever limit and offset', async () => {
    const search: Pairs = [['searchValue', '@example.com']];
    expect(await names([...search, ['limit', '2'], ['offset', '1']])).toEqual({ names: ['Ada', 'Grace'], total: 5 });
    expect(await names([...search, ['limit', '2'], ['offset', '4']])).toEqual({ names: ['Linus'], total: 5 });
    expect(await names([...search, ['offset', '10']])).toEqual({ names: [], total: 5 });
    const members = filter('role', 'ends_with', 'member');
    expect(await names([...members, ['limit', '1']])).toEqual({ names: ['Grace'], total: 3 });
    expect(await names([...members, ['sortBy', 'createdAt'], ['sortDirection', 'desc'], ['limit', '2']])).toEqual({ names: ['Linus', 'Alan'], total: 3 });
    expect(await names([...members, ['sortBy', 'role'], ['sortDirection', 'asc'], ['limit', '1']])).toEqual({ names: ['Linus'], total: 3 });
    // The organization named explicitly, as the active one.
    expect(await names([...members, ['organizationId', organizationId], ['limit', '1'], ['offset', '2']])).toEqual({ names: ['Linus'], total: 3 });
  });

  it.each([
    ['an unknown filterField', [['filterField', 'email'], ['filterValue', 'a@example.com']]],
    ['an unknown sortBy', [['sortBy', 'name']]],
    ['an unknown filterOperator', filter('role', 'like', 'admin')],
    ['a repeated filterValue for eq', filter('role', 'eq', 'admin', 'member')],
    ['a repeated filterValue for contains', filter('role', 'contains', 'admin', 'member')],
    ['a filterValue without filterField', [['filterValue', 'admin']]],
    ['a filterOperator without filterField', [['filterOperator', 'in']]],
    ['a filterField without filterValue', [['filterField', 'role']]],
    ['101 values for in', filter('role', 'in', ...Array.from({ length: 101 }, (_, i) => `role${i}`))],
    ['a searchValue of control characters', [['searchValue', 'a\u001bb']]],
  ] as Array<[string, Pairs]>)('answers 400 VALIDATION_ERROR (Invalid query parameters) for %s', async (_case, pairs) => {
    const res = await list(pairs);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
  });

  it('answers 403 to someone outside the organization and 401 without a session', async () => {
    const outsider = await newUser(gateway, 'Outsider');
    expectError(await list([['organizationId', organizationId], ['searchValue', 'grace']], outsider), E.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    const anonymous = await gateway.http.get(`${BASE}/organization/list-members?searchValue=grace`);
    expect(anonymous.status).toBe(401);
  });
});
