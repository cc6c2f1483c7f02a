// GET /admin/list-users pages by cursor (keyset paging) beside limit and offset: each page names
// the next one (nextCursor), a deep page costs what the first does, and the pages walked hold
// the same users in the same order as one whole page, whatever the sort.
import { adminGet, adminPost, signInAdmin, startGateway, type TestGateway } from './harness/index.js';

describe('GET /admin/list-users: keyset paging (cursor, nextCursor)', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const NAMES = ['Kay One', 'Kay Two', 'Kay Three', 'Kay Four', 'Kay Five', 'Kay Six', 'Kay Seven'];

  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
    for (const [index, name] of NAMES.entries()) {
      // Two users share each createdAt: the id breaks the ties.
      if (index % 2 === 0) gateway.clock.advance(1000);
      const res = await adminPost(gateway, 'create-user', admin.cookie, { email: `kay-${index}@example.com`, password: 'a good long passphrase', name }).expect(200);
      if (index === 3) await adminPost(gateway, 'ban-user', admin.cookie, { userId: res.body.user.id, banReason: 'spam', banExpiresIn: 3600 }).expect(200);
    }
  });
  afterAll(() => gateway.close());

  type Page = { users: { id: string; name: string }[]; total: number; limit: number; offset: number; nextCursor: string | null };
  const list = async (query: Record<string, string | number>) => (await adminGet(gateway, 'list-users', admin.cookie, query).expect(200)).body as Page;

  /** Every page from the first, following nextCursor. */
  async function walk(query: Record<string, string | number>, limit: number): Promise<{ ids: string[]; pages: Page[] }> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list({ ...query, limit, ...(cursor ? { cursor } : {}) });
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 20);
    return { ids: pages.flatMap((page) => page.users.map((user) => user.id)), pages };
  }

  it.each<[string, Record<string, string>]>([
    ['newest first (the default)', { searchValue: 'kay-' }],
    ['by name, ascending', { searchValue: 'kay-', sortBy: 'name' }],
    ['by email, descending', { searchValue: 'kay-', sortBy: 'email', sortDirection: 'desc' }],
    ['by banExpires (mostly empty), ascending', { searchValue: 'kay-', sortBy: 'banExpires' }],
    ['by banned (a boolean), descending', { searchValue: 'kay-', sortBy: 'banned', sortDirection: 'desc' }],
    ['by name, name starts_with', { searchField: 'name', searchOperator: 'starts_with', searchValue: 'kay t', sortBy: 'name' }],
  ])('walks %s page by page: the same users in the same order as one whole page, no overlap', async (_name, query) => {
    const whole = await list(query);
    expect(whole.nextCursor).toBeNull();
    for (const limit of [1, 2, 3]) {
      const { ids, pages } = await walk(query, limit);
      expect(ids).toEqual(whole.users.map((user) => user.id));
      expect(new Set(ids).size).toBe(ids.length);
      for (const page of pages) expect(page).toMatchObject({ total: whole.total, limit, offset: 0 });
      // The last page says there is no next one.
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('answers nextCursor on offset pages too, so a client can switch to keyset paging', async () => {
    const first = await list({ searchValue: 'kay-', sortBy: 'name', limit: 2, offset: 2 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await list({ searchValue: 'kay-', sortBy: 'name', limit: 2, cursor: first.nextCursor! });
    const byOffset = await list({ searchValue: 'kay-', sortBy: 'name', limit: 2, offset: 4 });
    expect(next.users.map((user) => user.id)).toEqual(byOffset.users.map((user) => user.id));
  });

  it('answers 400 VALIDATION_ERROR (query) for a cursor of another sort, with an offset, or that is no cursor', async () => {
    const { nextCursor } = await list({ searchValue: 'kay-', sortBy: 'name', limit: 1 });
    const queries: Record<string, string>[] = [
      { sortBy: 'email', cursor: nextCursor! },
      { sortBy: 'name', sortDirection: 'desc', cursor: nextCursor! },
      { sortBy: 'name', offset: '1', cursor: nextCursor! },
      { cursor: 'not-a-cursor' },
      { cursor: Buffer.from('["createdAt","desc","yesterday","x"]').toString('base64url') },
      { sortBy: 'name', cursor: Buffer.from('["name","asc",null,"x"]').toString('base64url') },
    ];
    for (const query of queries) {
      const res = await adminGet(gateway, 'list-users', admin.cookie, query).expect(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    }
  });
});
