import { raise, type Clock } from '@tend/kernel';
import { assertNotBanned, type PendingSignIn, type PendingSignIns, type User, type UserRepository } from '@tend/identity';
import { TWO_FACTOR_ERRORS } from '../error-codes.js';
import type { TwoFactor } from '../two-factor.js';

/**
 * The pending sign-in behind a two-factor cookie, before it is answered: the ways of answering it
 * offers (GET /two-factor/methods, for the web app's page) and the mailed code (POST
 * /two-factor/send-otp). Without a live pending sign-in: 401 INVALID_TWO_FACTOR_COOKIE.
 */
export class PendingChallenge {
  constructor(
    private readonly deps: {
      pending: Pick<PendingSignIns, 'peek'>;
      users: Pick<UserRepository, 'findById' | 'update'>;
      twoFactor: Pick<TwoFactor, 'sendEmailCode'>;
      clock: Clock;
    },
  ) {}

  /** The ways of answering the pending sign-in offers (`twoFactorMethods` of the sign-in's answer). */
  async methods(input: { token: string | null }): Promise<string[]> {
    const { pending } = await this.find(input.token);
    return [...pending.demand.methods];
  }

  /**
   * Mails a 6-digit code to the pending sign-in's user. Only when the challenge offered `otp`:
   * after a first step by mail (a link or code) a mailed code proves nothing new, so it is 400
   * OTP_NOT_ENABLED and nothing is mailed. A user banned since the first step: 403 BANNED_USER.
   */
  async sendCode(input: { token: string | null }): Promise<void> {
    const { pending, user } = await this.find(input.token);
    if (!pending.demand.methods.includes('otp')) throw raise(TWO_FACTOR_ERRORS.OTP_NOT_ENABLED);
    const admitted = await assertNotBanned(user, this.deps.users, this.deps.clock);
    await this.deps.twoFactor.sendEmailCode(admitted, pending.factors);
  }

  private async find(token: string | null): Promise<{ pending: PendingSignIn; user: User }> {
    const pending = token ? await this.deps.pending.peek(token) : null;
    const user = pending ? await this.deps.users.findById(pending.userId) : null;
    if (!pending || !user) throw raise(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    return { pending, user };
  }
}
