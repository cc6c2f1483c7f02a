import { channelsOf, CORE_FACTORS, type ChallengeDemand, type ChallengePolicy, type FactorTable, type SignInProof } from '@tend/identity';
import { TRUST_DEVICE_MARK, type TwoFactor } from './two-factor.js';

export const TWO_FACTOR_POLICY = 'two-factor';
/** The ways to answer, each a factor: an authenticator-app code, an emailed code, a backup code. */
export const TWO_FACTOR_METHODS = ['totp', 'otp', 'backup-code'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** Whether `method` is one of the ways to answer the second factor. */
export function isTwoFactorMethod(method: string): method is TwoFactorMethod {
  return (TWO_FACTOR_METHODS as readonly string[]).includes(method);
}

/**
 * The second factor as a challenge of the sign-in pipeline. A user with two-factor on must prove
 * two independent channels (docs/two-factor.md, "Factors"): a proof of one channel (a password,
 * a provider, SSO, a mailed link or code, a passkey without user verification) is asked for one
 * more, unless the browser carries a trust mark of that same user's current enrolment. Only the
 * ways of answering on another channel are offered: after a mailed link or code, a mailed code
 * would prove the same mailbox again, so `otp` is left out. A passkey with user verification
 * proves two channels and is never asked.
 */
export class TwoFactorPolicy implements ChallengePolicy {
  readonly name = TWO_FACTOR_POLICY;

  constructor(
    private readonly twoFactor: Pick<TwoFactor, 'isTrusted'>,
    /** The factors' traits: identity's and those the gateway's modules declare. */
    private readonly factors: FactorTable = CORE_FACTORS,
  ) {}

  async demand(proof: SignInProof): Promise<ChallengeDemand | null> {
    if (!proof.user.twoFactorEnabled) return null;
    const proven = channelsOf(proof.factors, this.factors);
    if (proven.size >= 2) return null;
    if (await this.twoFactor.isTrusted(proof.user, proof.client.marks[TRUST_DEVICE_MARK])) return null;
    return { policy: TWO_FACTOR_POLICY, methods: this.methodsBeyond(proven) };
  }

  /** The ways of answering that add a channel `proven` does not hold. */
  methodsBeyond(proven: ReadonlySet<string>): TwoFactorMethod[] {
    return TWO_FACTOR_METHODS.filter((method) => {
      const [channel] = channelsOf([method], this.factors);
      return channel !== undefined && !proven.has(channel);
    });
  }
}
