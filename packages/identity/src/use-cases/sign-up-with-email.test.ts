import { ManualClock, createMemoryTables } from '@tend/kernel';
import { newUser } from '../entities.js';
import type { Session } from '@tend/sessions';
import { MemorySessionStore } from '@tend/sessions';
import { SessionIssuer, type CreateSessionInput } from '@tend/sessions/issuer';
import { MemoryAccountRepository } from '../adapters/memory/memory-account-repository.js';
import { MemoryUserRepository } from '../adapters/memory/memory-user-repository.js';
import type { PasswordHasher } from '../ports.js';
import { clientOf, UNKNOWN_CLIENT } from '../sign-in/proof.js';
import { signInFixture } from '../testing/sign-in-fixture.js';
import { SignUpWithEmail } from './sign-up-with-email.js';

const hasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

/** Builds its first session with a token chosen by the test (to collide with a stored one). */
class FixedFirstToken extends SessionIssuer {
  constructor(
    store: MemorySessionStore,
    clock: ManualClock,
    private token: string | null,
  ) {
    super(store, clock);
  }

  override build(input: CreateSessionInput): Session {
    const session = super.build(input);
    if (!this.token) return session;
    const token = this.token;
    this.token = null;
    return { ...session, token };
  }
}

function setup(collideWith: string | null = null, config = {}) {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  const store = new MemorySessionStore(tables);
  const issuer = new FixedFirstToken(store, clock, collideWith);
  const users = new MemoryUserRepository(tables);
  const accounts = new MemoryAccountRepository(tables);
  const { completion, events, sessions } = signInFixture({ tables, clock, issuer });
  return { tables, users, accounts, sessions, events, signUp: new SignUpWithEmail({ users, hasher, completion, clock }, config) };
}

describe('SignUpWithEmail', () => {
  it('creates the user, its credential account and its session together', async () => {
    const { signUp, accounts, sessions, events } = setup();
    const { user, outcome } = await signUp.execute({ email: 'Ada@Example.com', password: 'correct horse battery', fields: { name: 'Ada' }, client: clientOf({ userAgent: 'jest' }) });
    expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    expect((await accounts.findCredential(user.id))?.password).toBe('plain:correct horse battery');
    if (outcome?.kind !== 'session') throw new Error('expected a session');
    expect(outcome.session).toMatchObject({ userId: user.id, userAgent: 'jest' });
    expect((await sessions.resolve(outcome.session.token))?.user.id).toBe(user.id);
    expect(events).toEqual([]);
  });

  it('creates no session when verification is required', async () => {
    const { signUp, tables } = setup(null, { requireEmailVerification: true });
    const { outcome } = await signUp.execute({ email: 'v@example.com', password: 'correct horse battery', fields: { name: 'V' }, client: UNKNOWN_CLIENT });
    expect(outcome).toBeNull();
    expect(tables.sessions.size).toBe(0);
  });

  it('leaves no half-made account when the session cannot be stored, so the same email signs up again', async () => {
    const { signUp, users, tables } = setup('t'.repeat(32));
    const now = new Date();
    // Another user's session already holds the token the sign-up's session gets.
    tables.users.set('other', newUser({ id: 'other', email: 'other@example.com', name: 'Other' }, now));
    tables.sessions.set('t'.repeat(32), { id: 's0', token: 't'.repeat(32), userId: 'other', expiresAt: now, ipAddress: null, userAgent: null, impersonatedBy: null, activeOrganizationId: null, createdAt: now, updatedAt: now });

    await expect(signUp.execute({ email: 'grace@example.com', password: 'correct horse battery', fields: { name: 'Grace' }, client: UNKNOWN_CLIENT })).rejects.toThrow();
    expect(await users.findByEmail('grace@example.com')).toBeNull();
    expect([...tables.accounts.values()]).toEqual([]);

    const { user, outcome } = await signUp.execute({ email: 'grace@example.com', password: 'correct horse battery', fields: { name: 'Grace' }, client: UNKNOWN_CLIENT });
    expect(user.email).toBe('grace@example.com');
    expect(outcome?.kind === 'session' && tables.sessions.get(outcome.session.token)?.userId).toBe(user.id);
  });

  it('answers 422 USER_ALREADY_EXISTS for a taken email', async () => {
    const { signUp } = setup();
    await signUp.execute({ email: 'a@example.com', password: 'correct horse battery', fields: { name: 'A' }, client: UNKNOWN_CLIENT });
    await expect(signUp.execute({ email: 'a@example.com', password: 'correct horse battery', fields: { name: 'A' }, client: UNKNOWN_CLIENT })).rejects.toMatchObject({
      status: 422,
      code: 'USER_ALREADY_EXISTS',
      message: 'User already exists',
    });
  });
});
