import type { SignInProof } from './proof.js';

/** What a sign-in must still prove before it becomes a session: the policy and the ways to prove it. */
export interface ChallengeDemand {
  /** The policy that asks (`two-factor`). */
  policy: string;
  /** The ways the person may answer (`totp`, `otp`, `backup-code`). */
  methods: readonly string[];
}

/**
 * A rule the sign-in completion applies after the ban check: given what a sign-in proved, it
 * answers what else must be proven, or null. A second factor is one; so could be a new-device
 * check. A policy decides from the proof alone (its factors, the user, the client's marks).
 */
export interface ChallengePolicy {
  readonly name: string;
  demand(proof: SignInProof): Promise<ChallengeDemand | null>;
}
