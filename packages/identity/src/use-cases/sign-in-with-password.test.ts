import { ManualClock, createMemoryTables } from '@tend/kernel';
import type { User } from '../entities.js';
import { MemoryAccountRepository } from '../adapters/memory/memory-account-repository.js';
import { MemoryUserRepository } from '../adapters/memory/memory-user-repository.js';
import type { PasswordHasher } from '../ports.js';
import { UNKNOWN_CLIENT } from '../sign-in/proof.js';
import { signInFixture } from '../testing/sign-in-fixture.js';
import { SignInWithPassword } from './sign-in-with-password.js';
import { SignUpWithEmail } from './sign-up-with-email.js';

/** A hasher that counts its work, to show unknown users cost the same one hash. */
class CountingHasher implements PasswordHasher {
  verifications = 0;
  async hash(password: string) {
    return `plain:${password}`;
  }
  async verify(hash: string, password: string) {
    this.verifications += 1;
    return hash === `plain:${password}`;
  }
}

function setup(config = { requireEmailVerification: false }) {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  const users = new MemoryUserRepository(tables);
  const accounts = new MemoryAccountRepository(tables);
  const hasher = new CountingHasher();
  const { completion, events: signIns } = signInFixture({ tables, clock });
  const notVerified: User[] = [];
  const events = { emailNotVerified: async (user: User) => void notVerified.push(user) };
  const signUp = new SignUpWithEmail({ users, hasher, completion, clock });
  const signIn = new SignInWithPassword({ users, accounts, hasher, completion, events }, config);
  return { signUp, signIn, hasher, users, notVerified, signIns };
}

describe('SignInWithPassword', () => {
  it('does the same password work for an unknown user as for a wrong password', async () => {
    const { signUp, signIn, hasher } = setup();
    await signUp.execute({ email: 'a@example.com', password: 'right password', fields: { name: 'A' }, client: UNKNOWN_CLIENT });
    hasher.verifications = 0;
    await expect(signIn.withEmail({ identifier: 'a@example.com', password: 'wrong password', client: UNKNOWN_CLIENT })).rejects.toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    await expect(signIn.withEmail({ identifier: 'b@example.com', password: 'wrong password', client: UNKNOWN_CLIENT })).rejects.toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(hasher.verifications).toBe(2);
  });

  it('signs in by username case-insensitively, with the username errors', async () => {
    const { signUp, signIn } = setup();
    await signUp.execute({ email: 'u@example.com', password: 'right password', fields: { name: 'U', username: 'Calm.Tree' }, client: UNKNOWN_CLIENT });
    const { user } = await signIn.withUsername({ identifier: 'CALM.tree', password: 'right password', client: UNKNOWN_CLIENT });
    expect(user).toMatchObject({ username: 'calm.tree', displayUsername: 'Calm.Tree' });
    await expect(signIn.withUsername({ identifier: 'calm.tree', password: 'nope nope', client: UNKNOWN_CLIENT })).rejects.toMatchObject({ status: 401, code: 'INVALID_USERNAME_OR_PASSWORD' });
  });

  it('refuses an unverified email when verification is required, and tells the events', async () => {
    const { signUp, signIn, notVerified } = setup({ requireEmailVerification: true });
    await signUp.execute({ email: 'v@example.com', password: 'right password', fields: { name: 'V' }, client: UNKNOWN_CLIENT });
    await expect(signIn.withEmail({ identifier: 'v@example.com', password: 'right password', client: UNKNOWN_CLIENT })).rejects.toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect(notVerified.map((u) => u.email)).toEqual(['v@example.com']);
  });
});
