import type { User } from '../entities.js';
import { verificationEmail } from '@tend/mailer';
import type { AccountLinks } from '../account-links.js';
import { normalizeEmail } from '../email.js';
import type { EmailVerificationTokens } from '../email-verification-token.js';
import type { MailDelivery } from '../mail-delivery.js';
import type { UserRepository } from '../ports.js';
import { EMAIL_VERIFICATION_EXPIRES_IN } from '../verification-values.js';

export interface SendVerificationEmailInput {
  email: string;
  callbackURL?: string;
}

export interface SendVerificationEmailDeps {
  users: Pick<UserRepository, 'findByEmail'>;
  tokens: Pick<EmailVerificationTokens, 'create'>;
  links: AccountLinks;
  delivery: Pick<MailDelivery, 'background'>;
}

/**
 * POST /send-verification-email: mails a verification link to an unverified user. The answer
 * never depends on the address (unknown, verified or not): the same token is signed either
 * way and the mail leaves in the background, so neither the response nor its timing tells.
 */
export class SendVerificationEmail {
  constructor(private readonly deps: SendVerificationEmailDeps) {}

  async execute(input: SendVerificationEmailInput): Promise<void> {
    const email = normalizeEmail(input.email);
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.emailVerified) {
      await this.deps.tokens.create({ email }); // the same work as for a real mail
      return;
    }
    await this.toUser(user, input.callbackURL);
  }

  /** Mails `user` (at `user.email`) a fresh verification link, in the background. */
  async toUser(user: User, callbackURL?: string): Promise<void> {
    const { token, id } = await this.deps.tokens.create({ email: user.email });
    this.deps.delivery.background({
      to: user.email,
      purpose: 'verification',
      idempotencyKey: `verification/${id}`,
      ...verificationEmail({ name: user.name, url: this.deps.links.verifyEmail(token, callbackURL), expiresInMinutes: EMAIL_VERIFICATION_EXPIRES_IN / 60 }),
    });
  }
}
