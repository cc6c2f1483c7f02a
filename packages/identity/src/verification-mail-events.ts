import type { User } from './entities.js';
import type { SendVerificationEmail } from './use-cases/send-verification-email.js';
import type { UserEvents } from './use-cases/user-events.js';

export interface VerificationMailSettings {
  /** Mail a verification link to every new user (AUTH_SEND_VERIFICATION_ON_SIGN_UP). */
  sendOnSignUp: boolean;
  /** Sign-in needs a verified email; the mail then also goes out on sign-up, or it could never be verified. */
  requireEmailVerification: boolean;
}

/**
 * The identity events that send verification mail: after sign-up, and again when a sign-in
 * (email or username) is refused with 403 Email not verified. The mail leaves in the
 * background: its failure is logged and never undoes the sign-up.
 */
export class VerificationMailEvents implements UserEvents {
  constructor(
    private readonly sendVerification: SendVerificationEmail,
    private readonly settings: VerificationMailSettings,
  ) {}

  async userCreated(user: User, context: { callbackURL?: string }): Promise<void> {
    if (user.emailVerified || !(this.settings.sendOnSignUp || this.settings.requireEmailVerification)) return;
    await this.sendVerification.toUser(user, context.callbackURL);
  }

  async emailNotVerified(user: User, context: { callbackURL?: string }): Promise<void> {
    await this.sendVerification.toUser(user, context.callbackURL);
  }
}
