import type { User } from '@tend/kernel';
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

/**
 * POST /send-verification-email: mails a verification link to an unverified user. The answer
 * never depends on the address (unknown, verified or not): the same token is signed either
 * way and the mail leaves in the background, so neither the response nor its timing tells.
 */
export class SendVerificationEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: EmailVerificationTokens,
    private readonly links: AccountLinks,
    private readonly delivery: MailDelivery,
  ) {}

  async execute(input: SendVerificationEmailInput): Promise<void> {
    const email = normalizeEmail(input.email);
    const user = await this.users.findByEmail(email);
    if (!user || user.emailVerified) {
      await this.tokens.create({ email }); // the same work as for a real mail
      return;
    }
    await this.toUser(user, input.callbackURL);
  }

  /** Mails `user` (at `user.email`) a fresh verification link, in the background. */
  async toUser(user: User, callbackURL?: string): Promise<void> {
    const { token, id } = await this.tokens.create({ email: user.email });
    this.delivery.background({
      to: user.email,
      purpose: 'verification',
      idempotencyKey: `verification/${id}`,
      ...verificationEmail({ name: user.name, url: this.links.verifyEmail(token, callbackURL), expiresInMinutes: EMAIL_VERIFICATION_EXPIRES_IN / 60 }),
    });
  }
}
