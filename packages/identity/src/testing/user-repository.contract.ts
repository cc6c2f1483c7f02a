import { uuid } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser } from '../entities.js';
import type { Session } from '@tend/sessions';
import type { AccountRepository, FirstSessionStore, UserRepository } from '../ports.js';

export interface IdentityHarness {
  /** The user repository, which is also the FirstSessionStore the sign-in completion is given. */
  users: UserRepository & FirstSessionStore;
  accounts: AccountRepository;
  /** Counts the sessions of a user (to check cascades). */
  sessionCount(userId: string): Promise<number>;
  addSession(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The behaviour every UserRepository/AccountRepository adapter pair must have. */
export function identityContract(name: string, open: () => Promise<IdentityHarness>): void {
  describe(`UserRepository and AccountRepository contract: ${name}`, () => {
    let h: IdentityHarness;
    const now = new Date(Date.UTC(2026, 0, 1));
    beforeEach(async () => {
      h = await open();
    });
    afterEach(() => h.close());

    const user = (overrides = {}) => newUser({ id: uuid(), email: `${uuid()}@example.com`, name: 'N', ...overrides }, now);

    it('creates a user with its credential account and finds it by id, email and username', async () => {
      const u = user({ username: 'calm.tree', displayUsername: 'Calm.Tree' });
      const account = newAccount({ id: uuid(), accountId: u.id, providerId: CREDENTIAL_PROVIDER, userId: u.id, password: 'hash' }, now);
      await h.users.create(u, account);
      expect(await h.users.findById(u.id)).toEqual(u);
      expect((await h.users.findByEmail(u.email))?.id).toBe(u.id);
      expect((await h.users.findByUsername('calm.tree'))?.id).toBe(u.id);
      expect((await h.accounts.findCredential(u.id))?.password).toBe('hash');
      expect((await h.accounts.findByProvider(CREDENTIAL_PROVIDER, u.id))?.id).toBe(account.id);
    });

    it('finds the users of some ids, skipping unknown ones', async () => {
      const [a, b] = [user(), user()];
      await h.users.create(a);
      await h.users.create(b);
      expect((await h.users.findByIds([b.id, uuid(), a.id, a.id])).map((found) => found.id).sort()).toEqual([a.id, b.id].sort());
      expect(await h.users.findByIds([])).toEqual([]);
    });

    it('answers 422 USER_ALREADY_EXISTS for a taken email and the username error for a taken username', async () => {
      const first = user({ username: 'taken' });
      await h.users.create(first);
      await expect(h.users.create(user({ email: first.email }))).rejects.toMatchObject({ status: 422, code: 'USER_ALREADY_EXISTS' });
      await expect(h.users.create(user({ username: 'taken' }))).rejects.toMatchObject({ status: 422, code: 'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER' });
    });

    it('creates neither user nor account when the account cannot be created', async () => {
      const first = user();
      const account = newAccount({ id: uuid(), accountId: 'same', providerId: 'github', userId: first.id }, now);
      await h.users.create(first, account);
      const second = user();
      await expect(h.users.create(second, { ...account, id: uuid(), userId: second.id })).rejects.toBeDefined();
      expect(await h.users.findById(second.id)).toBeNull();
    });

    it('creates user, credential account and session in one transaction: a failed session insert leaves nothing, and the same email signs up afterwards', async () => {
      const session = (userId: string, token = uuid().replace(/-/g, '')): Session => ({
        id: uuid(),
        token,
        userId,
        expiresAt: new Date(now.getTime() + 86_400_000),
        ipAddress: null,
        userAgent: null,
        impersonatedBy: null,
        activeOrganizationId: null,
        createdAt: now,
        updatedAt: now,
      });
      const credential = (userId: string) => newAccount({ id: uuid(), accountId: userId, providerId: CREDENTIAL_PROVIDER, userId, password: 'hash' }, now);
      const first = user();
      const taken = session(first.id);
      await h.users.createWithSession(first, credential(first.id), taken);
      expect(await h.sessionCount(first.id)).toBe(1);

      // The session insert comes after the user's and the account's, and fails (its token is taken).
      const second = user();
      await expect(h.users.createWithSession(second, credential(second.id), session(second.id, taken.token))).rejects.toBeDefined();
      expect(await h.users.findByEmail(second.email)).toBeNull();
      expect(await h.accounts.findCredential(second.id)).toBeNull();
      expect(await h.sessionCount(second.id)).toBe(0);

      await h.users.createWithSession(second, credential(second.id), session(second.id));
      expect((await h.users.findByEmail(second.email))?.id).toBe(second.id);
      expect(await h.accounts.findCredential(second.id)).not.toBeNull();
      expect(await h.sessionCount(second.id)).toBe(1);
    });

    it('updates a user and answers 404 User not found for a missing one', async () => {
      const u = user();
      await h.users.create(u);
      expect((await h.users.update(u.id, { name: 'New' })).name).toBe('New');
      await expect(h.users.update(uuid(), { name: 'x' })).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    });

    it('deletes a user with its sessions and accounts', async () => {
      const u = user();
      await h.users.create(u, newAccount({ id: uuid(), accountId: u.id, providerId: CREDENTIAL_PROVIDER, userId: u.id }, now));
      await h.addSession(u.id);
      await h.users.delete(u.id);
      expect(await h.users.findById(u.id)).toBeNull();
      expect(await h.accounts.listByUser(u.id)).toEqual([]);
      expect(await h.sessionCount(u.id)).toBe(0);
    });

    it('lists, updates and deletes accounts', async () => {
      const u = user();
      await h.users.create(u);
      const a = await h.accounts.create(newAccount({ id: uuid(), accountId: 'gh-1', providerId: 'github', userId: u.id, scope: 'read:user' }, now));
      expect((await h.accounts.update(a.id, { accessToken: 'at' })).accessToken).toBe('at');
      expect((await h.accounts.listByUser(u.id)).map((x) => x.id)).toEqual([a.id]);
      await h.accounts.delete(a.id);
      expect(await h.accounts.listByUser(u.id)).toEqual([]);
    });

    it('runs locked updates of one account one after another, each seeing what the one before stored', async () => {
      const u = user();
      await h.users.create(u);
      const a = await h.accounts.create(newAccount({ id: uuid(), accountId: 'gh-2', providerId: 'github', userId: u.id, refreshToken: 'rt-1' }, now));
      const seen: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const first = h.accounts.updateLocked(a.id, async (account) => {
        seen.push(`first saw ${account.refreshToken}`);
        await gate;
        return { patch: { refreshToken: 'rt-2' }, result: 'first' };
      });
      while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const second = h.accounts.updateLocked(a.id, async (account) => {
        seen.push(`second saw ${account.refreshToken}`);
        return { patch: null, result: 'second' };
      });
      // While the first holds the lock, the second waits (without a lock it would have run by now).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual(['first saw rt-1']);
      release();
      expect(await Promise.all([first, second])).toEqual(['first', 'second']);
      expect(seen).toEqual(['first saw rt-1', 'second saw rt-2']);
      expect((await h.accounts.findByProvider('github', 'gh-2'))?.refreshToken).toBe('rt-2');
      expect(await h.accounts.updateLocked('missing', async () => ({ patch: null, result: 1 }))).toBeNull();
    });
  });
}
