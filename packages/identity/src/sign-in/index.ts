export { clientOf, UNKNOWN_CLIENT, type SignInClient, type SignInProof } from './proof.js';
export { CORE_FACTORS, channelsOf, factorTable, type Factor, type FactorDeclarations, type FactorKind, type FactorTable, type FactorTraits } from './factors.js';
export type { ChallengeDemand, ChallengePolicy } from './challenge-policy.js';
export type { SessionEffect, SessionEffectHandler, SessionEffectValue } from './session-effects.js';
export { PendingSignIns, PENDING_SIGN_IN_TOKEN_LENGTH, type PendingSignIn, type PendingSignInsOptions } from './pending-sign-ins.js';
export { SignInCompletion, type CompleteOptions, type ResumeOutcome, type SessionOutcome, type SignInCompletionDeps, type SignInEvents, type SignInOutcome } from './sign-in-completion.js';
