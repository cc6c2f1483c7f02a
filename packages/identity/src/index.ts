export type { UserRepository, AccountRepository, PasswordHasher } from './ports.js';
export { ScryptPasswordHasher } from './scrypt-password-hasher.js';
export { normalizeEmail } from './email.js';
export { checkPasswordLength, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './password-policy.js';
export { normalizeUsername, DEFAULT_USERNAME_POLICY, USERNAME_ERRORS, type UsernamePolicy } from './username.js';
export {
  DEFAULT_USER_FIELDS,
  USER_INPUT_SHAPE,
  userFields,
  pickInput,
  presentUser,
  type UserFields,
  type UserFieldDefinition,
  type UserInput,
} from './user-fields.js';
export { IDENTITY_ERRORS, fieldRequired } from './error-codes.js';
export { assertNotBanned } from './ban.js';
export { SignUpWithEmail, type SignUpInput, type SignUpConfig } from './use-cases/sign-up-with-email.js';
export { SignInWithPassword, type SignInInput, type SignInConfig } from './use-cases/sign-in-with-password.js';
export { UpdateUser } from './use-cases/update-user.js';
export { IsUsernameAvailable } from './use-cases/is-username-available.js';
export type { UserEvents } from './use-cases/user-events.js';
export { MemoryUserRepository } from './adapters/memory/memory-user-repository.js';
export { MemoryAccountRepository } from './adapters/memory/memory-account-repository.js';
