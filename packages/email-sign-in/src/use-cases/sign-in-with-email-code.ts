import { raise } from '@tend/kernel';
import { normalizeEmail, type SignInClient, type SignInOutcome } from '@tend/identity';
import type { EmailCodes } from '../email-codes.js';
import type { EmailSignIns } from '../email-sign-ins.js';
import { EMAIL_SIGN_IN_ERRORS } from '../error-codes.js';

export interface SignInWithEmailCodeInput {
  email: string;
  otp: string;
  /** The name of a new account. */
  name?: string;
  client: SignInClient;
}

/** POST /sign-in/email-otp: a mailed sign-in code (used once) signs its address in; an unknown address becomes a verified account. */
export class SignInWithEmailCode {
  constructor(
    private readonly codes: EmailCodes,
    private readonly signIns: EmailSignIns,
  ) {}

  async execute(input: SignInWithEmailCodeInput): Promise<SignInOutcome> {
    const email = normalizeEmail(input.email);
    await this.codes.check('sign-in', email, input.otp, { consume: true });
    const outcome = await this.signIns.signIn({ email, name: input.name, method: 'email-otp', client: input.client });
    if (!outcome) throw raise(EMAIL_SIGN_IN_ERRORS.INVALID_OTP);
    return outcome;
  }
}
