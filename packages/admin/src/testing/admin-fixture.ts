import { createMemoryTables, ManualClock, randomToken, uuid } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser, type User } from '@tend/identity';
import type { Session } from '@tend/sessions';
import { MemoryAccountRepository, MemoryUserRepository, type PasswordHasher } from '@tend/identity';
import { signInFixture } from '@tend/identity/testing';
import type { Actor } from '../actor.js';
import { MemoryAdminUserDirectory } from '../adapters/memory/memory-admin-user-directory.js';
import { MemoryAuditLog } from '../adapters/memory/memory-audit-log.js';

/** A hasher without the cost of scrypt, for unit tests. */
export class PlainPasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `plain:${password}`;
  }
  async verify(hash: string, password: string): Promise<boolean> {
    return hash === `plain:${password}`;
  }
}

/**
 * Everything an admin use case needs, in memory, with a manual clock: the shared tables,
 * identity's repositories, a SessionManager and the sign-in completion, the user directory and
 * the audit log.
 */
export function adminFixture() {
  const tables = createMemoryTables();
  const clock = new ManualClock();
  const users = new MemoryUserRepository(tables);
  const accounts = new MemoryAccountRepository(tables);
  const { completion: signIns, sessions, issuer } = signInFixture({ tables, clock });
  const directory = new MemoryAdminUserDirectory(tables);
  const audit = new MemoryAuditLog(tables);
  const hasher = new PlainPasswordHasher();

  /** Stores a user (role 'user' unless given) with a credential account. */
  async function seedUser(fields: Partial<User> = {}): Promise<User> {
    const id = fields.id ?? uuid();
    const user = newUser({ id, email: `${id}@example.com`, name: 'Someone', ...fields }, clock.now());
    return users.create(user, newAccount({ id: uuid(), accountId: id, providerId: CREDENTIAL_PROVIDER, userId: id, password: 'plain:old password' }, clock.now()));
  }

  /** A user with a session, as the actor of that session. */
  async function signIn(user: User, session: Partial<Session> = {}): Promise<{ actor: Actor; session: Session }> {
    const created = await issuer.create({ userId: user.id, impersonatedBy: session.impersonatedBy ?? null });
    return {
      session: created,
      actor: { userId: user.id, role: user.role, sessionToken: created.token, impersonatedBy: created.impersonatedBy, ipAddress: '203.0.113.9', userAgent: 'jest' },
    };
  }

  /** An admin and a signed-in admin actor. */
  async function admin(fields: Partial<User> = {}) {
    const user = await seedUser({ role: 'admin', ...fields });
    return { user, ...(await signIn(user)) };
  }

  /** An actor that needs no stored session (for permission checks). */
  function actor(role: string | null, userId: string = uuid()): Actor {
    return { userId, role, sessionToken: randomToken(32), impersonatedBy: null };
  }

  async function auditActions(): Promise<string[]> {
    return (await audit.list({ limit: 100, offset: 0 })).events.map((event) => event.action);
  }

  return { tables, clock, users, accounts, sessions, signIns, directory, audit, hasher, seedUser, signIn, admin, actor, auditActions };
}

export type AdminFixture = ReturnType<typeof adminFixture>;
