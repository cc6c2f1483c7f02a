import type { ChallengeDemand, ChallengePolicy, SignInProof } from '@tend/identity';
import { TRUST_DEVICE_MARK, type TwoFactor } from './two-factor.js';

export const TWO_FACTOR_POLICY = 'two-factor';
/** The ways to answer: an authenticator-app code, an emailed code, a backup code. */
export const TWO_FACTOR_METHODS = ['totp', 'otp', 'backup-code'] as const;

/**
 * The second factor as a challenge of the sign-in pipeline: a user with two-factor on who proved
 * one factor (a password, a provider, a mailed link or code) must answer one more, unless the
 * browser carries a trust mark of that same user's current enrolment. A passkey with user
 * verification proves two factors and is never asked.
 */
export class TwoFactorPolicy implements ChallengePolicy {
  readonly name = TWO_FACTOR_POLICY;

  constructor(private readonly twoFactor: Pick<TwoFactor, 'isTrusted'>) {}

  async demand(proof: SignInProof): Promise<ChallengeDemand | null> {
    if (!proof.user.twoFactorEnabled) return null;
    if (new Set(proof.factors).size >= 2) return null;
    if (await this.twoFactor.isTrusted(proof.user, proof.client.marks[TRUST_DEVICE_MARK])) return null;
    return { policy: TWO_FACTOR_POLICY, methods: [...TWO_FACTOR_METHODS] };
  }
}
