import { silentLogger, uuid } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser, type User } from '../entities.js';
import { DevOutboxMailer, type OutboxMail } from '@tend/mailer';
import { AccountLinks } from '../account-links.js';
import { MemoryAccountRepository } from '../adapters/memory/memory-account-repository.js';
import { MemoryVerificationRepository } from '../adapters/memory/memory-verification-repository.js';
import { EmailVerificationTokens } from '../email-verification-token.js';
import { MailDelivery } from '../mail-delivery.js';
import type { PasswordHasher } from '../ports.js';
import { SendVerificationEmail } from '../use-cases/send-verification-email.js';
import { signInFixture, type SignInFixtureOptions } from './sign-in-fixture.js';

/** A hasher that shows what it hashed (`plain:<password>`): fast, and tests can read it. */
export const plainHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

export const FIXTURE_AUTH_URL = 'https://auth.example/api/auth';

/**
 * Every store of identity on memory tables, a manual clock, the development outbox and what the
 * use cases are built from — the deps objects of the use-case tests are picked from it.
 */
export function identityFixture(options: SignInFixtureOptions = {}) {
  const base = signInFixture(options);
  const accounts = new MemoryAccountRepository(base.tables);
  const verifications = new MemoryVerificationRepository(base.tables);
  const outbox = new DevOutboxMailer({ clock: base.clock });
  const delivery = new MailDelivery(outbox, silentLogger);
  const links = new AccountLinks(FIXTURE_AUTH_URL);
  const tokens = new EmailVerificationTokens('an identity fixture secret of 32+ chars', base.clock);
  const sendVerification = new SendVerificationEmail({ users: base.users, tokens, links, delivery });

  /** A stored user, with a credential account holding `password` unless it is null. */
  async function user(fields: Partial<User> = {}, password: string | null = 'correct horse battery'): Promise<User> {
    const id = uuid();
    const now = base.clock.now();
    const created = newUser({ id, email: `${id}@example.com`, name: 'Ada', ...fields }, now);
    base.tables.users.set(id, created);
    if (password !== null) {
      await accounts.create(newAccount({ id: uuid(), accountId: id, providerId: CREDENTIAL_PROVIDER, userId: id, password: await plainHasher.hash(password) }, now));
    }
    return created;
  }

  /** The mails sent to `to` so far (background mails included once they have left). */
  async function mailsTo(to: string): Promise<OutboxMail[]> {
    await delivery.idle();
    return outbox.list().filter((mail) => mail.to === to);
  }

  return { ...base, accounts, verifications, outbox, delivery, links, tokens, hasher: plainHasher, sendVerification, user, mailsTo };
}

export type IdentityFixture = ReturnType<typeof identityFixture>;

/** The `token` query parameter of a mailed link. */
export function tokenParam(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
