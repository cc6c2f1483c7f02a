import { isAuthError, raise, type Clock } from '@tend/kernel';
import type { User } from '../entities.js';
import { changeEmailConfirmation } from '@tend/mailer';
import type { AccountLinks } from '../account-links.js';
import { normalizeEmail } from '../email.js';
import type { EmailVerificationTokens } from '../email-verification-token.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { MailDelivery } from '../mail-delivery.js';
import { PlaceholderEmails } from '../placeholder-email.js';
import type { UserRepository } from '../ports.js';
import { EMAIL_VERIFICATION_EXPIRES_IN } from '../verification-values.js';
import type { SendVerificationEmail } from './send-verification-email.js';

export interface ChangeEmailInput {
  user: User;
  newEmail: string;
  callbackURL?: string;
}

export interface ChangeEmailDeps {
  users: Pick<UserRepository, 'findByEmail' | 'update'>;
  tokens: Pick<EmailVerificationTokens, 'create'>;
  links: AccountLinks;
  delivery: Pick<MailDelivery, 'send'>;
  sendVerification: Pick<SendVerificationEmail, 'toUser'>;
  clock: Clock;
  placeholders?: PlaceholderEmails;
}

/**
 * POST /change-email (spec section 4). An unverified address is swapped at once and the new
 * one gets a verification mail. A verified address is only changed through a link mailed to
 * it (a verification token carrying the new address as `updateTo`); GET /verify-email does
 * the change. A placeholder address (a provider that shares no email) can receive nothing:
 * the link goes to the new address instead, and opening it both swaps and verifies, so the
 * placeholder is only ever replaced by a proven address. The answer is the user as it now is.
 */
export class ChangeEmail {
  private readonly placeholders: PlaceholderEmails;

  constructor(
    private readonly deps: ChangeEmailDeps,
    private readonly config: { enabled: boolean } = { enabled: true },
  ) {
    this.placeholders = deps.placeholders ?? new PlaceholderEmails();
  }

  async execute(input: ChangeEmailInput): Promise<User> {
    if (!this.config.enabled) throw raise(IDENTITY_ERRORS.CHANGE_EMAIL_IS_DISABLED);
    const email = normalizeEmail(input.newEmail);
    const { user } = input;
    if (email === user.email) throw raise(IDENTITY_ERRORS.EMAIL_IS_THE_SAME);
    // A placeholder can receive no mail: nobody may move to one.
    if (this.placeholders.matches(email)) throw raise(IDENTITY_ERRORS.INVALID_EMAIL);
    if (await this.deps.users.findByEmail(email)) throw raise(IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL);

    if (this.placeholders.matches(user.email)) {
      await this.mailConfirmation(user, email, email, input.callbackURL);
      return user;
    }
    if (!user.emailVerified) {
      const changed = await this.swap(user, email);
      await this.deps.sendVerification.toUser(changed, input.callbackURL);
      return changed;
    }

    await this.mailConfirmation(user, email, user.email, input.callbackURL);
    return user;
  }

  /** Mails `to` the link (a token carrying `updateTo`) that makes the change. */
  private async mailConfirmation(user: User, email: string, to: string, callbackURL: string | undefined): Promise<void> {
    const { token, id } = await this.deps.tokens.create({ email: user.email, updateTo: email });
    // Waited for: if the mail cannot leave, the user is told and can simply ask again.
    await this.deps.delivery.send({
      to,
      purpose: 'change-email',
      idempotencyKey: `change-email/${id}`,
      ...changeEmailConfirmation({ name: user.name, newEmail: email, url: this.deps.links.verifyEmail(token, callbackURL), expiresInMinutes: EMAIL_VERIFICATION_EXPIRES_IN / 60 }),
    });
  }

  private async swap(user: User, email: string): Promise<User> {
    try {
      return await this.deps.users.update(user.id, { email, emailVerified: false, updatedAt: this.deps.clock.now() });
    } catch (error) {
      // Lost a race for the address with another sign-up or change.
      if (isAuthError(error) && error.code === 'USER_ALREADY_EXISTS') throw raise(IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL);
      throw error;
    }
  }
}
