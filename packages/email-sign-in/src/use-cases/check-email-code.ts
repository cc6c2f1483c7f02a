import { normalizeEmail } from '@tend/identity';
import type { EmailCodeType, EmailCodes } from '../email-codes.js';

/** POST /email-otp/check-verification-otp: whether a code is right, without using it up (wrong ones count). */
export class CheckEmailCode {
  constructor(private readonly codes: EmailCodes) {}

  async execute(input: { email: string; type: EmailCodeType; otp: string }): Promise<void> {
    await this.codes.check(input.type, normalizeEmail(input.email), input.otp, { consume: false });
  }
}
