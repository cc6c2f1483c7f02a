import { raise } from '@tend/kernel';
import type { User } from '@tend/identity';
import { TWO_FACTOR_ERRORS } from '../error-codes.js';
import type { TwoFactor } from '../two-factor.js';

/**
 * POST /two-factor/enable: with the password, a new authenticator-app secret (its otpauth URI)
 * and 10 backup codes. Nothing is on until the first valid code (ConfirmTwoFactor); calling again
 * before that starts over. 400 TOTP_ALREADY_ENABLED while on.
 */
export class EnableTwoFactor {
  constructor(private readonly deps: { twoFactor: Pick<TwoFactor, 'fresh' | 'checkPassword' | 'enrol'> }) {}

  async execute(input: { user: User; password: string; issuer?: string }): Promise<{ totpURI: string; backupCodes: string[] }> {
    const { twoFactor } = this.deps;
    const user = await twoFactor.fresh(input.user);
    await twoFactor.checkPassword(user, input.password);
    if (user.twoFactorEnabled) throw raise(TWO_FACTOR_ERRORS.TOTP_ALREADY_ENABLED);
    return twoFactor.enrol(user, input.issuer);
  }
}
