import { ScryptPasswordHasher, CommonPasswords, DEFAULT_PASSWORD_POLICY } from '@tend/identity';
import type { Account, User } from '@tend/identity';
import { adminFixture } from '../testing/admin-fixture.js';
import { CreateUser } from './create-user.js';

describe('CreateUser', () => {
  const input = { email: ' New.Person@Example.COM ', password: 'a long password', name: 'New Person' };

  it('creates the user with a normalized email, the default role and a credential account', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const { user } = await new CreateUser(f.users, f.hasher, f.audit, f.clock).execute({ actor, ...input });
    expect(user).toMatchObject({ email: 'new.person@example.com', name: 'New Person', role: 'user', emailVerified: false, banned: false });
    expect((await f.accounts.findCredential(user.id))?.password).toBe('plain:a long password');
    expect(await f.auditActions()).toEqual(['user.create']);
  });

  it('takes extra fields from data but never the admin fields', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const data = { image: 'https://example.com/a.png', bio: 'hi', emailVerified: true, username: 'Calm.Tree', banned: true, banReason: 'x', role: 'admin', tokenBalance: 1000 };
    const { user } = await new CreateUser(f.users, f.hasher, f.audit, f.clock).execute({ actor, ...input, data });
    expect(user).toMatchObject({ image: 'https://example.com/a.png', bio: 'hi', emailVerified: true, username: 'calm.tree', displayUsername: 'Calm.Tree' });
    expect(user).toMatchObject({ banned: false, banReason: null, role: 'user', tokenBalance: 0 });
  });

  it('stores a given role comma-joined', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const { user } = await new CreateUser(f.users, f.hasher, f.audit, f.clock).execute({ actor, ...input, role: ['user', 'admin'] });
    expect(user.role).toBe('user,admin');
  });

  it('answers 422 USER_ALREADY_EXISTS for a taken email, whatever its case', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    await f.seedUser({ email: 'new.person@example.com' });
    await expect(new CreateUser(f.users, f.hasher, f.audit, f.clock).execute({ actor, ...input })).rejects.toMatchObject({ status: 422, code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
  });

  it('answers 422 USER_ALREADY_EXISTS to the loser of two parallel creations', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const create = new CreateUser(f.users, f.hasher, f.audit, f.clock);
    const results = await Promise.allSettled([create.execute({ actor, ...input }), create.execute({ actor, ...input })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 422, code: 'USER_ALREADY_EXISTS' } });
  });

  it('answers 403 YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS for a non-admin', async () => {
    const f = adminFixture();
    await expect(new CreateUser(f.users, f.hasher, f.audit, f.clock).execute({ actor: f.actor('user'), ...input })).rejects.toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
    });
  });

  it('needs set-role too when a role is given', async () => {
    const f = adminFixture();
    const roles = { creator: { user: ['create'] } };
    const create = new CreateUser(f.users, f.hasher, f.audit, f.clock, { roles });
    await expect(create.execute({ actor: f.actor('creator'), ...input, role: 'admin' })).rejects.toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE' });
    await expect(create.execute({ actor: f.actor('creator'), ...input })).resolves.toMatchObject({ user: { role: 'user' } });
  });

  it('applies the password policy and the email check', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const policy = { ...DEFAULT_PASSWORD_POLICY, commonPasswords: new CommonPasswords(['password123']) };
    const create = new CreateUser(f.users, f.hasher, f.audit, f.clock, { passwordPolicy: policy });
    await expect(create.execute({ actor, ...input, password: 'short' })).rejects.toMatchObject({ status: 400, code: 'PASSWORD_TOO_SHORT' });
    await expect(create.execute({ actor, ...input, password: 'x'.repeat(129) })).rejects.toMatchObject({ status: 400, code: 'PASSWORD_TOO_LONG' });
    await expect(create.execute({ actor, ...input, password: 'Password123' })).rejects.toMatchObject({ status: 400, code: 'PASSWORD_COMPROMISED' });
    await expect(create.execute({ actor, ...input, email: 'not an email' })).rejects.toMatchObject({ status: 400, code: 'INVALID_EMAIL' });
    expect(f.tables.users.size).toBe(1);
  });

  it('answers 500 FAILED_TO_CREATE_USER when the store fails unexpectedly', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const broken = { ...f.users, findByEmail: f.users.findByEmail.bind(f.users), create: async (_user: User, _account?: Account): Promise<User> => Promise.reject(new Error('connection reset')) };
    await expect(new CreateUser(broken as never, f.hasher, f.audit, f.clock).execute({ actor, ...input })).rejects.toMatchObject({ status: 500, code: 'FAILED_TO_CREATE_USER' });
  });

  it('hashes with identity\'s hasher so the user can sign in', async () => {
    const f = adminFixture();
    const { actor } = await f.admin();
    const hasher = new ScryptPasswordHasher();
    const { user } = await new CreateUser(f.users, hasher, f.audit, f.clock).execute({ actor, ...input });
    const account = await f.accounts.findCredential(user.id);
    expect(await hasher.verify(account?.password ?? '', 'a long password')).toBe(true);
  });
});
