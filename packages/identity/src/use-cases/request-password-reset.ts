import { addSeconds, GENERAL_ERRORS, raiseFrom, randomToken, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { User } from '../entities.js';
import { passwordResetEmail } from '@tend/mailer';
import type { AccountLinks } from '../account-links.js';
import { normalizeEmail } from '../email.js';
import type { MailDelivery } from '../mail-delivery.js';
import type { UserRepository, VerificationRepository } from '../ports.js';
import { RESET_PASSWORD_EXPIRES_IN, RESET_PASSWORD_TOKEN_LENGTH, resetPasswordIdentifier } from '../verification-values.js';

export interface RequestPasswordResetInput {
  email: string;
  /** Where the mailed link sends the user, with `?token=…` (or `?error=INVALID_TOKEN`). */
  redirectTo?: string;
}

/** The one answer of a reset request, whether or not the address is known (spec section 8). */
export const PASSWORD_RESET_REQUESTED = 'If this email exists in our system, check your email for the reset link';

export interface RequestPasswordResetDeps {
  users: Pick<UserRepository, 'findByEmail'>;
  verifications: Pick<VerificationRepository, 'create' | 'deleteByIdentifier'>;
  links: AccountLinks;
  delivery: Pick<MailDelivery, 'background'>;
  clock: Clock;
  newId?: IdGenerator;
}

/**
 * POST /request-password-reset (and /forget-password): stores a 24-character token as the
 * Verification `reset-password:<token>` (value: the user id, one hour) and mails its link.
 * Known and unknown addresses do the same work before the answer (one lookup and one write
 * statement; the mail is composed and sent after the response), and the answer is always the
 * same: neither the body nor the timing tells whether the address has an account.
 */
export class RequestPasswordReset {
  constructor(private readonly deps: RequestPasswordResetDeps) {}

  async execute(input: RequestPasswordResetInput): Promise<{ status: true; message: string }> {
    const user = await this.deps.users.findByEmail(normalizeEmail(input.email));
    const token = randomToken(RESET_PASSWORD_TOKEN_LENGTH);
    const identifier = resetPasswordIdentifier(token);
    if (!user) {
      await this.deps.verifications.deleteByIdentifier(identifier); // the same round trip as the real write
      return { status: true, message: PASSWORD_RESET_REQUESTED };
    }
    const now = this.deps.clock.now();
    const id = (this.deps.newId ?? uuid)();
    try {
      await this.deps.verifications.create({ id, identifier, value: user.id, expiresAt: addSeconds(now, RESET_PASSWORD_EXPIRES_IN), createdAt: now, updatedAt: now });
    } catch (error) {
      throw raiseFrom(error, GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION);
    }
    this.mailReset(user, token, id, identifier, input.redirectTo);
    return { status: true, message: PASSWORD_RESET_REQUESTED };
  }

  private mailReset(user: User, token: string, id: string, identifier: string, redirectTo?: string): void {
    this.deps.delivery.background(
      () => ({
        to: user.email,
        purpose: 'password-reset',
        idempotencyKey: `password-reset/${id}`,
        ...passwordResetEmail({ name: user.name, url: this.deps.links.resetPassword(token, redirectTo), expiresInMinutes: RESET_PASSWORD_EXPIRES_IN / 60 }),
      }),
      // A token whose mail never left is of no use to anyone: drop it.
      () => this.deps.verifications.deleteByIdentifier(identifier),
    );
  }
}
