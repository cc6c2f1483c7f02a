import { isAuthError, raise, type Clock, type User } from '@tend/kernel';
import { changeEmailConfirmation } from '@tend/mailer';
import type { AccountLinks } from '../account-links.js';
import { normalizeEmail } from '../email.js';
import type { EmailVerificationTokens } from '../email-verification-token.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { MailDelivery } from '../mail-delivery.js';
import type { UserRepository } from '../ports.js';
import { EMAIL_VERIFICATION_EXPIRES_IN } from '../verification-values.js';
import type { SendVerificationEmail } from './send-verification-email.js';

export interface ChangeEmailInput {
  user: User;
  newEmail: string;
  callbackURL?: string;
}

/**
 * POST /change-email (spec section 4). An unverified address is swapped at once and the new
 * one gets a verification mail. A verified address is only changed through a link mailed to
 * it (a verification token carrying the new address as `updateTo`); GET /verify-email does
 * the change. The answer is the user as it now is.
 */
export class ChangeEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: EmailVerificationTokens,
    private readonly links: AccountLinks,
    private readonly delivery: MailDelivery,
    private readonly sendVerification: SendVerificationEmail,
    private readonly clock: Clock,
    private readonly enabled: boolean = true,
  ) {}

  async execute(input: ChangeEmailInput): Promise<User> {
    if (!this.enabled) throw raise(IDENTITY_ERRORS.CHANGE_EMAIL_IS_DISABLED);
    const email = normalizeEmail(input.newEmail);
    const { user } = input;
    if (email === user.email) throw raise(IDENTITY_ERRORS.EMAIL_IS_THE_SAME);
    if (await this.users.findByEmail(email)) throw raise(IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL);

    if (!user.emailVerified) {
      const changed = await this.swap(user, email);
      await this.sendVerification.toUser(changed, input.callbackURL);
      return changed;
    }

    const { token, id } = await this.tokens.create({ email: user.email, updateTo: email });
    // Waited for: if the mail cannot leave, the user is told and can simply ask again.
    await this.delivery.send({
      to: user.email,
      purpose: 'change-email',
      idempotencyKey: `change-email/${id}`,
      ...changeEmailConfirmation({ name: user.name, newEmail: email, url: this.links.verifyEmail(token, input.callbackURL), expiresInMinutes: EMAIL_VERIFICATION_EXPIRES_IN / 60 }),
    });
    return user;
  }

  private async swap(user: User, email: string): Promise<User> {
    try {
      return await this.users.update(user.id, { email, emailVerified: false, updatedAt: this.clock.now() });
    } catch (error) {
      // Lost a race for the address with another sign-up or change.
      if (isAuthError(error) && error.code === 'USER_ALREADY_EXISTS') throw raise(IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL);
      throw error;
    }
  }
}
