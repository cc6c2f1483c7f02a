import type { Clock } from '@tend/kernel';
import type { AccountLinks, AccountRepository, MailDelivery, PasswordHasher, PasswordPolicy, SignInCompletion, UserRepository, VerificationRepository } from '@tend/identity';
import type { RateLimitStore } from '@tend/rate-limit';
import type { SessionManager } from '@tend/sessions';
import { AddressMailLimit } from './address-mail-limit.js';
import { EmailCodes } from './email-codes.js';
import { EmailSignIns } from './email-sign-ins.js';
import { MagicLinks } from './magic-links.js';
import type { AccountClaim } from './ports.js';
import type { EmailSignInSettings } from './settings.js';
import { CheckEmailCode } from './use-cases/check-email-code.js';
import { ResetPasswordWithCode } from './use-cases/reset-password-with-code.js';
import { SendEmailCode } from './use-cases/send-email-code.js';
import { SendMagicLink } from './use-cases/send-magic-link.js';
import { SignInWithEmailCode } from './use-cases/sign-in-with-email-code.js';
import { VerifyEmailWithCode } from './use-cases/verify-email-with-code.js';
import { VerifyMagicLink } from './use-cases/verify-magic-link.js';

export interface EmailSignInDeps {
  users: UserRepository;
  accounts: AccountRepository;
  verifications: VerificationRepository;
  completion: Pick<SignInCompletion, 'admit' | 'complete'>;
  claim: AccountClaim;
  sessions: Pick<SessionManager, 'revokeAll'>;
  hasher: PasswordHasher;
  passwordPolicy: PasswordPolicy;
  /** The shared rate-limit store: the per-address mail limit holds across instances through it. */
  rateLimitStore: RateLimitStore;
  links: AccountLinks;
  delivery: MailDelivery;
  clock: Clock;
  /** Signs stored codes (the app secret). */
  secret: string;
  settings: EmailSignInSettings;
  /** False for addresses that can never receive mail (placeholders): nothing is mailed to them. */
  mailable?: (email: string) => boolean;
}

/** Every use case of sign-in by mailed link or code, sharing one link store, code store and mail limit. */
export function createEmailSignIn(deps: EmailSignInDeps) {
  const { settings } = deps;
  const links = new MagicLinks(deps.verifications, deps.clock, settings.linkLifetime);
  const codes = new EmailCodes(deps.verifications, deps.clock, deps.secret, { lifetime: settings.codeLifetime, maxAttempts: settings.maxAttempts });
  const limit = new AddressMailLimit(deps.rateLimitStore, deps.clock, settings.mailsPerAddress);
  const signIns = new EmailSignIns(deps.users, deps.completion, deps.claim, deps.clock, settings.signUp);
  const mailing = { signUp: settings.signUp, mailable: deps.mailable };
  return {
    sendMagicLink: new SendMagicLink(deps.users, links, limit, deps.links, deps.delivery, { ...mailing, lifetime: settings.linkLifetime }),
    verifyMagicLink: new VerifyMagicLink(links, signIns),
    sendEmailCode: new SendEmailCode(deps.users, codes, limit, deps.delivery, { ...mailing, lifetime: settings.codeLifetime }),
    signInWithEmailCode: new SignInWithEmailCode(codes, signIns),
    verifyEmailWithCode: new VerifyEmailWithCode(deps.users, codes, deps.completion, deps.clock, settings.autoSignInAfterVerification),
    checkEmailCode: new CheckEmailCode(codes),
    resetPasswordWithCode: new ResetPasswordWithCode(deps.users, deps.accounts, codes, signIns, deps.hasher, deps.sessions, deps.clock, deps.passwordPolicy),
  };
}

export type EmailSignInUseCases = ReturnType<typeof createEmailSignIn>;
