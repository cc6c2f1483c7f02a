export { TWO_FACTOR_ERRORS } from './error-codes.js';
export { TwoFactor, TRUST_DEVICE_MARK, TRUST_DEVICE_SECONDS, EMAIL_CODE_SECONDS, type TwoFactorDeps, type TwoFactorSettings } from './two-factor.js';
export { TwoFactorPolicy, TWO_FACTOR_POLICY, TWO_FACTOR_METHODS } from './challenge-policy.js';
export { SecretBox } from './secret-box.js';
export { newBackupCodes, backupCodeHash, BACKUP_CODE_COUNT } from './backup-codes.js';
export { totpAt, stepAt, matchingStep, newTotpSecret, setupKey, totpURI, TOTP_DIGITS, TOTP_PERIOD } from './totp.js';
export { MemoryTwoFactorRepository } from './adapters/memory/memory-two-factor-repository.js';
export type { TwoFactorRecord, TwoFactorRepository } from './ports.js';
