import { newAccount } from '../entities.js';
import { PlaceholderEmails } from '../placeholder-email.js';
import { clientOf } from '../sign-in/proof.js';
import { identityFixture } from '../testing/identity-fixture.js';
import { ExternalIdentityLinker, type ExternalIdentity } from './external-identity-linker.js';

function setup() {
  const f = identityFixture();
  const claimed: string[] = [];
  const linker = new ExternalIdentityLinker({
    users: f.users,
    accounts: f.accounts,
    completion: f.completion,
    claims: { execute: async (input) => (claimed.push(input.userId), { ...input, provider: input.provider ?? null, unlinked: [], revoked: [], ipAddress: null, userAgent: null }) },
    placeholders: new PlaceholderEmails(),
    clock: f.clock,
  });
  const identity = (overrides: Partial<ExternalIdentity> = {}): ExternalIdentity => ({
    providerId: 'github',
    subject: 'gh-1',
    email: 'Ada@Example.com',
    emailVerified: true,
    mayLinkExisting: true,
    signUp: true,
    unverifiedAccounts: 'claim',
    name: 'Ada',
    image: null,
    method: 'social',
    client: clientOf({}),
    ...overrides,
  });
  return { f, linker, identity, claimed };
}

describe('ExternalIdentityLinker', () => {
  it('creates a user with the account for an unknown address, then signs it in through the link', async () => {
    const { f, linker, identity } = setup();
    const first = await linker.resolve(identity({ accountFields: { accessToken: 'sealed-1' } }));
    expect(first).toMatchObject({ status: 'user', isNewUser: true, linked: false, user: { email: 'ada@example.com', name: 'Ada', emailVerified: true } });
    if (first.status !== 'user') throw new Error('expected a user');
    expect(await f.accounts.findByProvider('github', 'gh-1')).toMatchObject({ userId: first.user.id, accessToken: 'sealed-1' });

    const again = await linker.resolve(identity({ email: 'another@example.com', accountFields: { accessToken: 'sealed-2' } }));
    expect(again).toMatchObject({ status: 'user', isNewUser: false, linked: false, user: { id: first.user.id } });
    expect((await f.accounts.findByProvider('github', 'gh-1'))?.accessToken).toBe('sealed-2');
  });

  it('refuses sign-up when the caller does, and an identity with no usable address', async () => {
    const { linker, identity } = setup();
    expect(await linker.resolve(identity({ signUp: false }))).toEqual({ status: 'refused', reason: 'sign-up-refused' });
    expect(await linker.resolve(identity({ email: null }))).toEqual({ status: 'refused', reason: 'no-email' });
    expect(await linker.resolve(identity({ email: 'not an address' }))).toEqual({ status: 'refused', reason: 'no-email' });
  });

  it("refuses an address the caller does not accept, unless the subject's link signs its user in", async () => {
    const { linker, identity } = setup();
    const corporate = (email: string) => email.endsWith('@corp.example');
    expect(await linker.resolve(identity({ acceptsEmail: corporate }))).toEqual({ status: 'refused', reason: 'foreign-email' });
    const created = await linker.resolve(identity({ email: 'ada@corp.example', acceptsEmail: corporate }));
    expect(created).toMatchObject({ status: 'user', isNewUser: true });
    expect(await linker.resolve(identity({ email: 'ada@elsewhere.example', acceptsEmail: corporate }))).toMatchObject({ status: 'user', isNewUser: false });
  });

  it('links an existing verified user when allowed, saying so', async () => {
    const { f, linker, identity } = setup();
    const ada = await f.user({ email: 'ada@example.com', emailVerified: true });
    expect(await linker.resolve(identity())).toMatchObject({ status: 'user', linked: true, isNewUser: false, user: { id: ada.id } });
    expect((await f.accounts.findByProvider('github', 'gh-1'))?.userId).toBe(ada.id);
  });

  it("refuses what the caller's rules refuse and a placeholder address, whatever the caller allows", async () => {
    const { f, linker, identity } = setup();
    await f.user({ email: 'ada@example.com', emailVerified: true });
    expect(await linker.resolve(identity({ mayLinkExisting: false }))).toEqual({ status: 'refused', reason: 'linking-not-allowed' });
    await f.user({ email: 'gh-2@github.placeholder.invalid' });
    expect(await linker.resolve(identity({ subject: 'gh-2', email: 'gh-2@github.placeholder.invalid', emailVerified: false }))).toEqual({ status: 'refused', reason: 'placeholder-email' });
    expect(await f.accounts.findByProvider('github', 'gh-2')).toBeNull();
  });

  it('claims an unverified account for an identity that vouches for the address, and refuses it where the caller does not claim', async () => {
    const { f, linker, identity, claimed } = setup();
    const squatted = await f.user({ email: 'ada@example.com', emailVerified: false });
    expect(await linker.resolve(identity({ unverifiedAccounts: 'refuse' }))).toEqual({ status: 'refused', reason: 'unverified-account' });
    expect(claimed).toEqual([]);
    expect(await linker.resolve(identity())).toMatchObject({ status: 'user', linked: true, user: { id: squatted.id, emailVerified: true } });
    expect(claimed).toEqual([squatted.id]);
  });

  it('links a trusted identity that does not vouch for the address without a claim, leaving the address unverified', async () => {
    const { f, linker, identity, claimed } = setup();
    const ada = await f.user({ email: 'ada@example.com', emailVerified: false });
    expect(await linker.resolve(identity({ emailVerified: false }))).toMatchObject({ status: 'user', linked: true, user: { id: ada.id, emailVerified: false } });
    expect(claimed).toEqual([]);
  });

  it('refuses a banned user before any link or claim, with the ban', async () => {
    const { f, linker, identity, claimed } = setup();
    const ada = await f.user({ email: 'ada@example.com', emailVerified: false, banned: true });
    const outcome = await linker.resolve(identity());
    expect(outcome).toMatchObject({ status: 'refused', reason: 'banned', error: { status: 403, code: 'BANNED_USER' } });
    expect(claimed).toEqual([]);
    expect((await f.accounts.listByUser(ada.id)).map((account) => account.providerId)).toEqual(['credential']);
  });

  it('makes no second link of a provider whose subjects change (transient NameIDs)', async () => {
    const { f, linker, identity } = setup();
    const ada = await f.user({ email: 'ada@example.com', emailVerified: true });
    const sso = { providerId: 'sso:corp', oneLinkPerProvider: true, unverifiedAccounts: 'refuse' as const };
    expect(await linker.resolve(identity({ ...sso, subject: 'transient-1' }))).toMatchObject({ status: 'user', linked: true });
    expect(await linker.resolve(identity({ ...sso, subject: 'transient-2' }))).toMatchObject({ status: 'user', linked: false, user: { id: ada.id } });
    expect((await f.accounts.listByUser(ada.id)).filter((account) => account.providerId === 'sso:corp')).toHaveLength(1);
  });

  it('defers a link to the session when asked: nothing stored until the completion issues one', async () => {
    const { f, linker, identity } = setup();
    const ada = await f.user({ email: 'ada@example.com', emailVerified: true });
    const outcome = await linker.resolve(identity({ providerId: 'sso:corp', subject: 'nameid-1', unverifiedAccounts: 'refuse', deferLink: true }));
    if (outcome.status !== 'user') throw new Error('expected a user');
    expect(outcome).toMatchObject({ linked: true, onSession: [{ name: 'identity.link-account', data: { providerId: 'sso:corp', subject: 'nameid-1' } }] });
    expect(await f.accounts.findByProvider('sso:corp', 'nameid-1')).toBeNull();
    const signIn = await f.completion.complete({ user: outcome.user, method: 'sso', factors: ['sso'], client: clientOf({}) }, { onSession: outcome.onSession });
    expect(signIn.kind).toBe('session');
    expect((await f.accounts.findByProvider('sso:corp', 'nameid-1'))?.userId).toBe(ada.id);
  });

  it('answers user-missing for a link whose user is gone, and link-failed when the link cannot be stored', async () => {
    const { f, linker, identity } = setup();
    await f.accounts.create(newAccount({ id: 'orphan', accountId: 'gh-9', providerId: 'github', userId: 'gone' }, f.clock.now()));
    expect(await linker.resolve(identity({ subject: 'gh-9' }))).toEqual({ status: 'refused', reason: 'user-missing' });
    const failing = new ExternalIdentityLinker({
      users: f.users,
      accounts: { ...f.accounts, findByProvider: (p, a) => f.accounts.findByProvider(p, a), listByUser: (u) => f.accounts.listByUser(u), update: (i, p) => f.accounts.update(i, p), create: async () => Promise.reject(new Error('down')) },
      completion: f.completion,
      placeholders: new PlaceholderEmails(),
      clock: f.clock,
    });
    await f.user({ email: 'grace@example.com', emailVerified: true });
    expect(await failing.resolve(identity({ subject: 'gh-3', email: 'grace@example.com' }))).toMatchObject({ status: 'refused', reason: 'link-failed' });
  });
});
