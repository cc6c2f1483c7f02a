import type { ChallengePolicy } from '@tend/identity';
import type {
  AnswerChallenge,
  ClearTwoFactorLockout,
  ConfirmTwoFactor,
  EnableTwoFactor,
  PendingChallenge,
  ResetTwoFactor,
  SecondFactorLockout,
  TwoFactor,
  TwoFactorEvents,
  TwoFactorRepository,
} from '@tend/two-factor';
import { token } from '../../di.js';

export const TWO_FACTOR = {
  Repository: token<TwoFactorRepository>('TwoFactorRepository'),
  Service: token<TwoFactor>('TwoFactor'),
  Policy: token<ChallengePolicy>('TwoFactorPolicy'),
  /** The per-account limit on wrong answers, on the platform's rate-limit store (never switched off). */
  Lockout: token<SecondFactorLockout>('two-factor.Lockout'),
  /** Its events into the audit log. */
  Events: token<TwoFactorEvents>('two-factor.Events'),
  Enable: token<EnableTwoFactor>('two-factor.Enable'),
  Confirm: token<ConfirmTwoFactor>('two-factor.Confirm'),
  Answer: token<AnswerChallenge>('two-factor.Answer'),
  Pending: token<PendingChallenge>('two-factor.Pending'),
  Reset: token<ResetTwoFactor>('two-factor.Reset'),
  ClearLockout: token<ClearTwoFactorLockout>('two-factor.ClearLockout'),
} as const;
