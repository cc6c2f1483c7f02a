export { TWO_FACTOR_ERRORS } from './error-codes.js';
export { TwoFactor, TRUST_DEVICE_MARK, TRUST_DEVICE_SECONDS, EMAIL_CODE_SECONDS, type TwoFactorDeps, type TwoFactorSettings } from './two-factor.js';
export { TwoFactorPolicy, TWO_FACTOR_POLICY, TWO_FACTOR_METHODS, isTwoFactorMethod, type TwoFactorMethod } from './challenge-policy.js';
export {
  SecondFactorLockout,
  AccountLockedError,
  DEFAULT_LOCKOUT_SETTINGS,
  type SecondFactorLockoutSettings,
  type LockoutAdmission,
  type LockoutTurn,
  type LockInForce,
} from './lockout.js';
// use cases
export { EnableTwoFactor } from './use-cases/enable-two-factor.js';
export { ConfirmTwoFactor } from './use-cases/confirm-two-factor.js';
export { AnswerChallenge, type AnswerChallengeDeps, type AnswerChallengeInput, type SignInThrottle } from './use-cases/answer-challenge.js';
export { ResetTwoFactor } from './use-cases/reset-two-factor.js';
export { ClearTwoFactorLockout } from './use-cases/clear-lockout.js';
export { PendingChallenge } from './use-cases/pending-challenge.js';
export { NO_EVENTS, type TwoFactorEvent, type TwoFactorEvents } from './use-cases/events.js';
export { SecretBox } from './secret-box.js';
export { newBackupCodes, backupCodeHash, BACKUP_CODE_COUNT } from './backup-codes.js';
export { totpAt, stepAt, matchingStep, newTotpSecret, setupKey, totpURI, TOTP_DIGITS, TOTP_PERIOD } from './totp.js';
export { MemoryTwoFactorRepository } from './adapters/memory/memory-two-factor-repository.js';
export type { TwoFactorRecord, TwoFactorRepository } from './ports.js';
