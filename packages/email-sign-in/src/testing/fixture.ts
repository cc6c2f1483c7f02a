import { AccountLinks, ClaimUnverifiedAccount, MailDelivery, MemoryAccountRepository, MemoryVerificationRepository } from '@tend/identity';
import { signInFixture } from '@tend/identity/testing';
import { silentLogger } from '@tend/kernel';
import { DevOutboxMailer } from '@tend/mailer';
import { MemoryRateLimitStore } from '@tend/rate-limit';
import { createEmailSignIn } from '../create-email-sign-in.js';
import { emailSignInSettings, type EmailSignInSettings } from '../settings.js';

/**
 * Every use case on memory stores, with what tests look at: the outbox, the tables, the sign-in
 * events and the claims identity's ClaimUnverifiedAccount made.
 */
export function emailSignInFixture(settings: Partial<EmailSignInSettings> = {}, options: { mailable?: (email: string) => boolean } = {}) {
  const base = signInFixture();
  const accounts = new MemoryAccountRepository(base.tables);
  const verifications = new MemoryVerificationRepository(base.tables);
  const outbox = new DevOutboxMailer({ clock: base.clock });
  const delivery = new MailDelivery(outbox, silentLogger);
  const claims: { userId: string; method: string }[] = [];
  const claim = new ClaimUnverifiedAccount({ accounts, sessions: base.sessions, audit: { accountClaimed: ({ userId, method }) => void claims.push({ userId, method }) } });
  const hasher = { hash: async (password: string) => `hashed:${password}`, verify: async (hash: string, password: string) => hash === `hashed:${password}` };
  const useCases = createEmailSignIn({
    users: base.users,
    accounts,
    verifications,
    completion: base.completion,
    claim,
    sessions: base.sessions,
    hasher,
    passwordPolicy: { minLength: 8, maxLength: 128, commonPasswords: null },
    rateLimitStore: new MemoryRateLimitStore(),
    links: new AccountLinks('https://tend.example/api/auth'),
    delivery,
    clock: base.clock,
    secret: 'a-test-secret-of-at-least-32-characters',
    settings: emailSignInSettings(settings),
    mailable: options.mailable,
  });
  /** The mails sent to `email`, oldest first, once the background ones have left. */
  const mailsTo = async (email: string) => {
    await delivery.idle();
    return outbox.list().reverse().filter((mail) => mail.to === email);
  };
  /** The code of the newest mail to `email`. */
  const codeFor = async (email: string) => (await mailsTo(email)).at(-1)!.text.match(/\b\d{6}\b/)![0];
  /** The token of the newest link mailed to `email`. */
  const tokenFor = async (email: string) => new URL((await mailsTo(email)).at(-1)!.links[0]!).searchParams.get('token')!;
  return { ...base, ...useCases, accounts, verifications, outbox, claims, mailsTo, codeFor, tokenFor };
}
