export type { UserRepository, FirstSessionStore, AccountRepository, LockedUpdate, PasswordHasher, VerificationRepository } from './ports.js';
export { ScryptPasswordHasher, type ScryptCost, type ScryptPasswordHasherOptions } from './scrypt-password-hasher.js';
export { HashingBudget, HASHING_ERRORS, ServerBusyError, defaultHashConcurrency, DEFAULT_HASH_QUEUE_LIMIT, type HashingBudgetOptions } from './hashing-budget.js';
export { normalizeEmail } from './email.js';
export { PlaceholderEmails, PlaceholderGuardMailer, isPlaceholderEmail, defaultPlaceholderDomain } from './placeholder-email.js';
export { checkPassword, CommonPasswords, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy.js';
export { normalizeUsername, DEFAULT_USERNAME_POLICY, USERNAME_ERRORS, type UsernamePolicy } from './username.js';
export {
  DEFAULT_USER_FIELDS,
  userFields,
  pickInput,
  presentUser,
  type PresentedUser,
  type UserFields,
  type UserFieldDefinition,
} from './user-fields.js';
export { IDENTITY_ERRORS, VERIFY_EMAIL_ERRORS, fieldRequired } from './error-codes.js';
export { assertNotBanned } from './ban.js';
export { SignUpWithEmail, type SignUpInput, type SignUpConfig } from './use-cases/sign-up-with-email.js';
export { SignInWithPassword, WrongPassword, type SignInInput, type SignInConfig } from './use-cases/sign-in-with-password.js';
export { UpdateUser } from './use-cases/update-user.js';
export { IsUsernameAvailable } from './use-cases/is-username-available.js';
export type { UserEvents } from './use-cases/user-events.js';
export {
  ClaimUnverifiedAccount,
  type ClaimUnverifiedAccountInput,
  type ClaimSessions,
  type ClaimableCredentials,
  type ClaimAudit,
  type AccountClaimedEvent,
} from './use-cases/claim-unverified-account.js';
export { MemoryUserRepository } from './adapters/memory/memory-user-repository.js';
export { MemoryAccountRepository } from './adapters/memory/memory-account-repository.js';
// account lifecycle: verification, password reset and change, change of email, deletion
export {
  RESET_PASSWORD_PREFIX,
  DELETE_ACCOUNT_PREFIX,
  RESET_PASSWORD_TOKEN_LENGTH,
  RESET_PASSWORD_EXPIRES_IN,
  DELETE_ACCOUNT_TOKEN_LENGTH,
  DELETE_ACCOUNT_EXPIRES_IN,
  EMAIL_VERIFICATION_EXPIRES_IN,
} from './verification-values.js';
export { EmailVerificationTokens, type EmailVerificationClaims, type IssuedToken } from './email-verification-token.js';
export { AccountLinks, withQuery } from './account-links.js';
export { MailDelivery } from './mail-delivery.js';
export { VerificationMailEvents, type VerificationMailSettings } from './verification-mail-events.js';
export { SendVerificationEmail, type SendVerificationEmailInput } from './use-cases/send-verification-email.js';
export { VerifyEmail, type VerifyEmailInput, type VerifyEmailResult } from './use-cases/verify-email.js';
export { RequestPasswordReset, PASSWORD_RESET_REQUESTED, type RequestPasswordResetInput } from './use-cases/request-password-reset.js';
export { VerifyResetPasswordToken } from './use-cases/verify-reset-password-token.js';
export { ResetPassword, type ResetPasswordInput } from './use-cases/reset-password.js';
export { ChangePassword, type ChangePasswordInput } from './use-cases/change-password.js';
export { SetPassword } from './use-cases/set-password.js';
export { ChangeEmail, type ChangeEmailInput } from './use-cases/change-email.js';
export { DeleteUser, type DeleteUserInput, type DeleteUserOutcome, type DeleteUserSettings } from './use-cases/delete-user.js';
export { ConfirmDeleteUser, type ConfirmDeleteUserInput } from './use-cases/confirm-delete-user.js';
export { MemoryVerificationRepository } from './adapters/memory/memory-verification-repository.js';
// The entities this package speaks for.
export { newUser, newAccount, CREDENTIAL_PROVIDER, type User, type Account, type Verification, type NotificationStatus } from './entities.js';
export { SSO_ACCOUNT_PREFIX, clientProviderIdOf, accountNamed } from './account-names.js';
// the one sign-in pipeline: proofs, challenge policies, pending sign-ins, session effects, the completion
export * from './sign-in/index.js';
// the one way an identity provider's user becomes ours (social providers and SSO)
export {
  ExternalIdentityLinker,
  AccountLinkEffect,
  LINK_ACCOUNT_EFFECT,
  type ExternalIdentity,
  type ExternalAccountFields,
  type ExternalIdentityLinkerDeps,
  type LinkOutcome,
  type LinkRefusal,
} from './linking/external-identity-linker.js';
export { UserRepositoryWrapper } from './user-repository-wrapper.js';
export { USER_EVENT_TYPES, EventRecordingUsers, userEvent, signedInEvent, type UserEventType } from './user-events.js';
