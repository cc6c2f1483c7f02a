import { TOKENS } from '../src/tokens.js';
import { adminGet, adminPost, getSession, signInAdmin, signUp, startGateway, type TestGateway } from './harness/index.js';

const USER_NOT_FOUND = { code: 'USER_NOT_FOUND', message: 'User not found' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('POST /admin/set-role', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  it('sets one role, which takes effect on the next request', async () => {
    const target = await signUp(gateway);
    const res = await adminPost(gateway, 'set-role', admin.cookie, { userId: target.user.id, role: 'admin' }).expect(200);
    expect(res.body.user).toMatchObject({ id: target.user.id, role: 'admin' });
    await adminGet(gateway, 'list-users', target.cookie).expect(200);
  });

  it('stores a list of roles comma-joined, and can take the role away again', async () => {
    const target = await signUp(gateway);
    const res = await adminPost(gateway, 'set-role', admin.cookie, { userId: target.user.id, role: [' user', 'admin ', 'user'] }).expect(200);
    expect(res.body.user.role).toBe('user,admin');
    await adminPost(gateway, 'set-role', admin.cookie, { userId: target.user.id, role: 'user' }).expect(200);
    const denied = await adminGet(gateway, 'list-users', target.cookie).expect(403);
    expect(denied.body).toEqual({ code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', message: 'You are not allowed to list users' });
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const res = await adminPost(gateway, 'set-role', admin.cookie, { userId: UNKNOWN_ID, role: 'admin' }).expect(404);
    expect(res.body).toEqual(USER_NOT_FOUND);
  });

  it('answers 400 for a role without any name, or a missing role', async () => {
    const target = await signUp(gateway);
    const blank = await adminPost(gateway, 'set-role', admin.cookie, { userId: target.user.id, role: ' , ' }).expect(400);
    expect(blank.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    const missing = await adminPost(gateway, 'set-role', admin.cookie, { userId: target.user.id }).expect(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  });
});

describe('POST /admin/create-user', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  it('creates a user who can sign in, with role, username and emailVerified from data', async () => {
    const body = { email: 'New.Person@Example.com', password: 'a good long passphrase', name: 'New Person', role: 'admin', data: { username: 'New_Person', emailVerified: true, bio: 'Hi' } };
    const res = await adminPost(gateway, 'create-user', admin.cookie, body).expect(200);
    expect(res.body.user).toMatchObject({ email: 'new.person@example.com', name: 'New Person', role: 'admin', username: 'new_person', displayUsername: 'New_Person', emailVerified: true, bio: 'Hi' });
    expect(res.body.user).not.toHaveProperty('password');
    const signIn = await gateway.http.post('/api/auth/sign-in/username').send({ username: 'new_person', password: body.password }).expect(200);
    expect(signIn.body.user.id).toBe(res.body.user.id);
  });

  it('gives role user by default and ignores admin fields in data', async () => {
    const res = await adminPost(gateway, 'create-user', admin.cookie, {
      email: 'plain.person@example.com',
      password: 'a good long passphrase',
      name: 'Plain',
      data: { banned: true, role: 'admin', banReason: 'x', tokenBalance: 1000 },
    }).expect(200);
    expect(res.body.user).toMatchObject({ role: 'user', banned: false, banReason: null, tokenBalance: 0, emailVerified: false });
  });

  it('answers 422 USER_ALREADY_EXISTS for a taken email, in any case', async () => {
    const existing = await signUp(gateway);
    const res = await adminPost(gateway, 'create-user', admin.cookie, { email: existing.body.email.toUpperCase(), password: 'a good long passphrase', name: 'Twin' }).expect(422);
    expect(res.body).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
  });

  it('answers 400 INVALID_EMAIL, PASSWORD_TOO_SHORT and PASSWORD_COMPROMISED', async () => {
    const bad = await adminPost(gateway, 'create-user', admin.cookie, { email: 'not-an-email', password: 'a good long passphrase', name: 'X' }).expect(400);
    expect(bad.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
    // A provider user's placeholder address can receive nothing, and whoever held it would lock that user out.
    const placeholder = await adminPost(gateway, 'create-user', admin.cookie, { email: 'r42@reddit.placeholder.invalid', password: 'a good long passphrase', name: 'X' }).expect(400);
    expect(placeholder.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
    const short = await adminPost(gateway, 'create-user', admin.cookie, { email: 'short.pw@example.com', password: 'short', name: 'X' }).expect(400);
    expect(short.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    const common = await adminPost(gateway, 'create-user', admin.cookie, { email: 'common.pw@example.com', password: 'password123', name: 'X' }).expect(400);
    expect(common.body).toEqual({ code: 'PASSWORD_COMPROMISED', message: 'Password is too common. Choose a different password.' });
  });

  it('answers 422 for a taken username', async () => {
    await signUp(gateway, { username: 'taken_name' });
    const res = await adminPost(gateway, 'create-user', admin.cookie, { email: 'second@example.com', password: 'a good long passphrase', name: 'X', data: { username: 'Taken_Name' } }).expect(422);
    expect(res.body).toEqual({ code: 'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER', message: 'username is already taken. please try another.' });
  });

  it('answers 500 FAILED_TO_CREATE_USER when the store fails', async () => {
    const users = gateway.container.get(TOKENS.UserRepository);
    const spy = jest.spyOn(users, 'create').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const res = await adminPost(gateway, 'create-user', admin.cookie, { email: 'store.down@example.com', password: 'a good long passphrase', name: 'X' }).expect(500);
      expect(res.body).toEqual({ code: 'FAILED_TO_CREATE_USER', message: 'Failed to create user' });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /admin/list-users', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const NAMES = ['Alice Lst', 'Bob Lst', 'Carol Lst', 'Dave Lst', 'Eve Lst'];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
    for (const name of NAMES) {
      gateway.clock.advance(1000);
      const email = `lst-${name[0]!.toLowerCase()}@example.com`;
      const res = await adminPost(gateway, 'create-user', admin.cookie, { email, password: 'a good long passphrase', name }).expect(200);
      ids[name] = res.body.user.id;
    }
    await adminPost(gateway, 'set-role', admin.cookie, { userId: ids['Carol Lst'], role: 'admin' }).expect(200);
    await adminPost(gateway, 'ban-user', admin.cookie, { userId: ids['Dave Lst'], banReason: 'spam' }).expect(200);
  });
  afterAll(() => gateway.close());

  const list = async (query: Record<string, string | number>) => (await adminGet(gateway, 'list-users', admin.cookie, query).expect(200)).body;
  const names = (body: { users: { name: string }[] }) => body.users.map((user) => user.name);

  it('searches the email, contains by default, newest first by default', async () => {
    const body = await list({ searchValue: 'LST-' });
    expect(body).toMatchObject({ total: 5, limit: 100, offset: 0 });
    expect(names(body)).toEqual([...NAMES].reverse());
  });

  it('searches the name with starts_with and the email with ends_with, case-insensitively and literally', async () => {
    expect(names(await list({ searchField: 'name', searchOperator: 'starts_with', searchValue: 'BO' }))).toEqual(['Bob Lst']);
    expect(names(await list({ searchOperator: 'ends_with', searchValue: '-c@example.com' }))).toEqual(['Carol Lst']);
    expect((await list({ searchValue: 'lst_%' })).total).toBe(0);
  });

  it('filters on one column: eq, ne, and booleans', async () => {
    expect(names(await list({ searchValue: 'lst-', filterField: 'role', filterValue: 'admin' }))).toEqual(['Carol Lst']);
    expect((await list({ searchValue: 'lst-', filterField: 'role', filterOperator: 'ne', filterValue: 'admin' })).total).toBe(4);
    expect(names(await list({ searchValue: 'lst-', filterField: 'banned', filterValue: 'true' }))).toEqual(['Dave Lst']);
    expect(names(await list({ filterField: 'name', filterOperator: 'contains', filterValue: 'aro' }))).toEqual(['Carol Lst']);
  });

  it('sorts on a column in both directions', async () => {
    expect(names(await list({ searchValue: 'lst-', sortBy: 'name', sortDirection: 'asc' }))).toEqual(['Alice Lst', 'Bob Lst', 'Carol Lst', 'Dave Lst', 'Eve Lst']);
    expect(names(await list({ searchValue: 'lst-', sortBy: 'email', sortDirection: 'desc' }))).toEqual(['Eve Lst', 'Dave Lst', 'Carol Lst', 'Bob Lst', 'Alice Lst']);
    expect(names(await list({ searchValue: 'lst-', sortBy: 'createdAt' }))).toEqual(NAMES);
  });

  it('pages with limit and offset, without overlap, at most 100 a page', async () => {
    const pages = [await list({ searchValue: 'lst-', sortBy: 'name', limit: 2 }), await list({ searchValue: 'lst-', sortBy: 'name', limit: 2, offset: 2 }), await list({ searchValue: 'lst-', sortBy: 'name', limit: 2, offset: 4 })];
    expect(pages.map(names)).toEqual([['Alice Lst', 'Bob Lst'], ['Carol Lst', 'Dave Lst'], ['Eve Lst']]);
    expect(pages[1]).toMatchObject({ total: 5, limit: 2, offset: 2 });
    expect((await list({ limit: 500 })).limit).toBe(100);
  });

  it('answers 400 VALIDATION_ERROR (query) for a column outside the allow-list', async () => {
    const queries: Record<string, string>[] = [{ sortBy: 'password' }, { filterField: 'stripeCustomerId', filterValue: 'x' }, { filterField: 'banned', filterValue: 'maybe' }];
    for (const query of queries) {
      const res = await adminGet(gateway, 'list-users', admin.cookie, query).expect(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    }
  });

  it('answers 400 VALIDATION_ERROR for an unknown operator or direction', async () => {
    const queries: Record<string, string>[] = [{ searchOperator: 'regex', searchValue: 'a' }, { sortDirection: 'up' }, { limit: 'many' }];
    for (const query of queries) {
      const res = await adminGet(gateway, 'list-users', admin.cookie, query).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    }
  });

  it('answers an empty page with total 0 when the store fails', async () => {
    const directory = gateway.container.get(TOKENS.AdminUserDirectory);
    const spy = jest.spyOn(directory, 'list').mockRejectedValueOnce(new Error('timeout'));
    try {
      expect(await list({ limit: 10 })).toEqual({ users: [], total: 0, limit: 10, offset: 0, nextCursor: null });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('POST /admin/remove-user', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  it('deletes the user with sessions and accounts; a second call is 404 User not found', async () => {
    const target = await signUp(gateway);
    const db = gateway.container.get(TOKENS.Database);
    expect(await db.account.count({ where: { userId: target.user.id } })).toBe(1);
    const res = await adminPost(gateway, 'remove-user', admin.cookie, { userId: target.user.id }).expect(200);
    expect(res.body).toEqual({ success: true });
    expect(await db.user.findUnique({ where: { id: target.user.id } })).toBeNull();
    expect(await db.session.count({ where: { userId: target.user.id } })).toBe(0);
    expect(await db.account.count({ where: { userId: target.user.id } })).toBe(0);
    expect((await getSession(gateway, target.cookie)).body).toBeNull();
    const again = await adminPost(gateway, 'remove-user', admin.cookie, { userId: target.user.id }).expect(404);
    expect(again.body).toEqual(USER_NOT_FOUND);
  });

  it('answers 400 YOU_CANNOT_REMOVE_YOURSELF', async () => {
    const res = await adminPost(gateway, 'remove-user', admin.cookie, { userId: admin.user.id }).expect(400);
    expect(res.body).toEqual({ code: 'YOU_CANNOT_REMOVE_YOURSELF', message: 'You cannot remove yourself' });
  });
});

describe('POST /admin/set-user-password', () => {
  let gateway: TestGateway;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    gateway = await startGateway();
    admin = await signInAdmin(gateway);
  });
  afterAll(() => gateway.close());

  const signIn = (email: string, password: string) => gateway.http.post('/api/auth/sign-in/email').send({ email, password });

  it('sets the password and signs the user out everywhere', async () => {
    const target = await signUp(gateway);
    const second = await signIn(target.body.email, target.body.password).expect(200);
    const res = await adminPost(gateway, 'set-user-password', admin.cookie, { userId: target.user.id, newPassword: 'a brand new passphrase' }).expect(200);
    expect(res.body).toEqual({ status: true });
    expect((await getSession(gateway, target.cookie)).body).toBeNull();
    expect((await gateway.http.get('/api/auth/get-session').set('Authorization', `Bearer ${second.body.token}`).expect(200)).body).toBeNull();
    const old = await signIn(target.body.email, target.body.password).expect(401);
    expect(old.body).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    await signIn(target.body.email, 'a brand new passphrase').expect(200);
  });

  it('applies the password policy and keeps the sessions on a refusal', async () => {
    const target = await signUp(gateway);
    const short = await adminPost(gateway, 'set-user-password', admin.cookie, { userId: target.user.id, newPassword: 'short' }).expect(400);
    expect(short.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    const long = await adminPost(gateway, 'set-user-password', admin.cookie, { userId: target.user.id, newPassword: 'x'.repeat(129) }).expect(400);
    expect(long.body).toEqual({ code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
    const common = await adminPost(gateway, 'set-user-password', admin.cookie, { userId: target.user.id, newPassword: 'password123' }).expect(400);
    expect(common.body).toEqual({ code: 'PASSWORD_COMPROMISED', message: 'Password is too common. Choose a different password.' });
    expect((await getSession(gateway, target.cookie)).body.user.id).toBe(target.user.id);
  });

  it('creates the credential account of a user who has none', async () => {
    const db = gateway.container.get(TOKENS.Database);
    const target = await signUp(gateway);
    await db.account.deleteMany({ where: { userId: target.user.id } });
    await adminPost(gateway, 'set-user-password', admin.cookie, { userId: target.user.id, newPassword: 'a brand new passphrase' }).expect(200);
    expect(await db.account.count({ where: { userId: target.user.id, providerId: 'credential' } })).toBe(1);
    await signIn(target.body.email, 'a brand new passphrase').expect(200);
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const res = await adminPost(gateway, 'set-user-password', admin.cookie, { userId: UNKNOWN_ID, newPassword: 'a brand new passphrase' }).expect(404);
    expect(res.body).toEqual(USER_NOT_FOUND);
  });
});
