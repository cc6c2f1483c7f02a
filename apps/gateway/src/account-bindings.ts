// The account lifecycle's part of the composition root: the mailer, verification values and
// the use cases of verification, password reset and change, change of email and deletion.
import type { Container } from 'inversify';
import type { Database } from '@tend/database';
import {
  AccountLinks,
  ChangeEmail,
  ChangePassword,
  ConfirmDeleteUser,
  DeleteUser,
  EmailVerificationTokens,
  MailDelivery,
  RequestPasswordReset,
  ResetPassword,
  SendVerificationEmail,
  SetPassword,
  VerificationMailEvents,
  VerifyEmail,
  VerifyResetPasswordToken,
  type AccountRepository,
  type PasswordHasher,
  type UserRepository,
  type VerificationRepository,
} from '@tend/identity';
import { PrismaVerificationRepository } from '@tend/identity/prisma';
import { raise, type Clock, type Logger } from '@tend/kernel';
import { DevOutboxMailer, MAILER_ERRORS, type MailMessage, type Mailer } from '@tend/mailer';
import { ResendMailer } from '@tend/mailer/resend';
import type { SessionManager } from '@tend/sessions';
import type { GatewayConfig } from './config.js';
import { TOKENS } from './tokens.js';

/** Where mail links point when neither AUTH_BASE_URL nor a link base is configured. */
const DEVELOPMENT_LINK_BASE = 'http://localhost:3000';

/** Production without RESEND_API_KEY: every mail is refused loudly, none is kept or logged with its links. */
class UnconfiguredMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.error('Mail not sent: no mail provider is configured (RESEND_API_KEY)', { purpose: message.purpose });
    throw raise(MAILER_ERRORS.MISSING_API_KEY);
  }
}

/** Resend when configured; else the development outbox, which is never bound in production. */
function createMailer(config: GatewayConfig, clock: Clock, logger: Logger): { mailer: Mailer; outbox: DevOutboxMailer | null } {
  const { resend, from } = config.mail;
  if (resend) return { mailer: new ResendMailer({ apiKey: resend.apiKey, baseUrl: resend.baseUrl, from, logger }), outbox: null };
  if (config.production) return { mailer: new UnconfiguredMailer(logger), outbox: null };
  const outbox = new DevOutboxMailer({ logger, clock });
  return { mailer: outbox, outbox };
}

/** Binds the mailer, the verification store and the account lifecycle use cases (and the UserEvents they serve). */
export function bindAccountLifecycle(c: Container, config: GatewayConfig, clock: Clock, logger: Logger): void {
  const { mailer, outbox } = createMailer(config, clock, logger);
  c.bind(TOKENS.Mailer).toConstantValue(mailer);
  c.bind(TOKENS.DevOutbox).toConstantValue(outbox);
  c.bind(TOKENS.MailDelivery).toConstantValue(new MailDelivery(mailer, logger));
  c.bind(TOKENS.AccountLinks).toConstantValue(new AccountLinks(`${config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE}${config.basePath}`));
  c.bind(TOKENS.EmailVerificationTokens).toConstantValue(new EmailVerificationTokens(config.secret, clock));
  c.bind(TOKENS.VerificationRepository).toResolvedValue((db: Database) => new PrismaVerificationRepository(db), [TOKENS.Database]);

  c.bind(TOKENS.SendVerificationEmail).toResolvedValue(
    (users: UserRepository, tokens: EmailVerificationTokens, links: AccountLinks, delivery: MailDelivery) => new SendVerificationEmail(users, tokens, links, delivery),
    [TOKENS.UserRepository, TOKENS.EmailVerificationTokens, TOKENS.AccountLinks, TOKENS.MailDelivery],
  );
  c.bind(TOKENS.UserEvents).toResolvedValue(
    (send: SendVerificationEmail) =>
      new VerificationMailEvents(send, { sendOnSignUp: config.emailVerification.sendOnSignUp, requireEmailVerification: config.requireEmailVerification }),
    [TOKENS.SendVerificationEmail],
  );
  c.bind(TOKENS.VerifyEmail).toResolvedValue(
    (users: UserRepository, tokens: EmailVerificationTokens, sessions: SessionManager, send: SendVerificationEmail) =>
      new VerifyEmail(users, tokens, sessions, send, clock, config.emailVerification.autoSignInAfterVerification),
    [TOKENS.UserRepository, TOKENS.EmailVerificationTokens, TOKENS.SessionManager, TOKENS.SendVerificationEmail],
  );

  c.bind(TOKENS.RequestPasswordReset).toResolvedValue(
    (users: UserRepository, verifications: VerificationRepository, links: AccountLinks, delivery: MailDelivery) =>
      new RequestPasswordReset(users, verifications, links, delivery, clock),
    [TOKENS.UserRepository, TOKENS.VerificationRepository, TOKENS.AccountLinks, TOKENS.MailDelivery],
  );
  c.bind(TOKENS.VerifyResetPasswordToken).toResolvedValue(
    (verifications: VerificationRepository) => new VerifyResetPasswordToken(verifications, clock),
    [TOKENS.VerificationRepository],
  );
  c.bind(TOKENS.ResetPassword).toResolvedValue(
    (users: UserRepository, accounts: AccountRepository, verifications: VerificationRepository, hasher: PasswordHasher, sessions: SessionManager) =>
      new ResetPassword(users, accounts, verifications, hasher, sessions, clock),
    [TOKENS.UserRepository, TOKENS.AccountRepository, TOKENS.VerificationRepository, TOKENS.PasswordHasher, TOKENS.SessionManager],
  );
  c.bind(TOKENS.ChangePassword).toResolvedValue(
    (accounts: AccountRepository, hasher: PasswordHasher, sessions: SessionManager) => new ChangePassword(accounts, hasher, sessions, clock),
    [TOKENS.AccountRepository, TOKENS.PasswordHasher, TOKENS.SessionManager],
  );
  c.bind(TOKENS.SetPassword).toResolvedValue(
    (accounts: AccountRepository, hasher: PasswordHasher) => new SetPassword(accounts, hasher, clock),
    [TOKENS.AccountRepository, TOKENS.PasswordHasher],
  );

  c.bind(TOKENS.ChangeEmail).toResolvedValue(
    (users: UserRepository, tokens: EmailVerificationTokens, links: AccountLinks, delivery: MailDelivery, send: SendVerificationEmail) =>
      new ChangeEmail(users, tokens, links, delivery, send, clock, config.changeEmail.enabled),
    [TOKENS.UserRepository, TOKENS.EmailVerificationTokens, TOKENS.AccountLinks, TOKENS.MailDelivery, TOKENS.SendVerificationEmail],
  );
  c.bind(TOKENS.ConfirmDeleteUser).toResolvedValue(
    (users: UserRepository, verifications: VerificationRepository) => new ConfirmDeleteUser(users, verifications, clock),
    [TOKENS.UserRepository, TOKENS.VerificationRepository],
  );
  c.bind(TOKENS.DeleteUser).toResolvedValue(
    (
      users: UserRepository,
      accounts: AccountRepository,
      verifications: VerificationRepository,
      hasher: PasswordHasher,
      sessions: SessionManager,
      confirm: ConfirmDeleteUser,
      links: AccountLinks,
      delivery: MailDelivery,
    ) =>
      new DeleteUser(users, accounts, verifications, hasher, sessions, confirm, links, delivery, clock, {
        sendDeleteAccountVerification: config.deleteUser.sendDeleteAccountVerification,
      }),
    [
      TOKENS.UserRepository,
      TOKENS.AccountRepository,
      TOKENS.VerificationRepository,
      TOKENS.PasswordHasher,
      TOKENS.SessionManager,
      TOKENS.ConfirmDeleteUser,
      TOKENS.AccountLinks,
      TOKENS.MailDelivery,
    ],
  );
}
