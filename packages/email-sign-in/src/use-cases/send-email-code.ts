import { uuid, type IdGenerator } from '@tend/kernel';
import { normalizeEmail, type MailDelivery, type UserRepository } from '@tend/identity';
import { emailCodeEmail } from '@tend/mailer';
import type { AddressMailLimit } from '../address-mail-limit.js';
import type { EmailCodeType, EmailCodes } from '../email-codes.js';

/**
 * POST /email-otp/send-verification-otp (and /forget-password/email-otp): mails a 6-digit code of
 * one type, replacing the live one. Sign-in codes go to unknown addresses too (when sign-up is on);
 * verification and reset codes only to accounts. The answer never differs: the mail is composed
 * and sent after it, and an address that gets none costs the same store work.
 */
export class SendEmailCode {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly codes: EmailCodes,
    private readonly limit: AddressMailLimit,
    private readonly delivery: MailDelivery,
    private readonly options: { signUp: boolean; lifetime: number; mailable?: (email: string) => boolean },
    private readonly newId: IdGenerator = uuid,
  ) {}

  async execute(input: { email: string; type: EmailCodeType }): Promise<void> {
    const email = normalizeEmail(input.email);
    await this.limit.take(email);
    const user = await this.users.findByEmail(email);
    const wanted = input.type === 'sign-in' ? Boolean(user) || this.options.signUp : Boolean(user);
    if (!wanted || this.options.mailable?.(email) === false) return this.codes.pretend(input.type, email);
    const { code, revoke } = await this.codes.issue(input.type, email);
    const id = this.newId();
    this.delivery.background(
      () => ({
        to: email,
        purpose: 'email-otp',
        idempotencyKey: `email-otp/${id}`,
        ...emailCodeEmail({ purpose: input.type, name: user?.name ?? '', code, expiresInMinutes: Math.round(this.options.lifetime / 60) }),
      }),
      revoke,
    );
  }
}
