// Service identifiers of the container: one per port or use case the routes need.
import type { ServiceIdentifier } from 'inversify';
import type { Database } from '@tend/database';
import type {
  AccountRepository,
  IsUsernameAvailable,
  PasswordHasher,
  SignInWithPassword,
  SignUpWithEmail,
  UpdateUser,
  UserEvents,
  UserRepository,
} from '@tend/identity';
import type { Clock, Logger } from '@tend/kernel';
import type { SessionManager, SessionStore } from '@tend/sessions';
import type { GatewayConfig } from './config.js';
import type { TrustedOrigins } from './http/origins.js';
import type { SessionHttp } from './http/session.js';
import type { ClientAddress } from './http/client.js';
import type { FailedSignInThrottle, RateLimiter, RateLimitStore } from '@tend/rate-limit';

import type {
  AccountLinks,
  ChangeEmail,
  ChangePassword,
  ConfirmDeleteUser,
  DeleteUser,
  EmailVerificationTokens,
  MailDelivery,
  RequestPasswordReset,
  ResetPassword,
  SendVerificationEmail,
  SetPassword,
  VerificationRepository,
  VerifyEmail,
  VerifyResetPasswordToken,
} from '@tend/identity';
import type { DevOutboxMailer, Mailer } from '@tend/mailer';

const id = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`tend.${name}`);

export const TOKENS = {
  Config: id<GatewayConfig>('Config'),
  Logger: id<Logger>('Logger'),
  Clock: id<Clock>('Clock'),
  Database: id<Database>('Database'),
  UserRepository: id<UserRepository>('UserRepository'),
  AccountRepository: id<AccountRepository>('AccountRepository'),
  SessionStore: id<SessionStore>('SessionStore'),
  PasswordHasher: id<PasswordHasher>('PasswordHasher'),
  UserEvents: id<UserEvents>('UserEvents'),
  SessionManager: id<SessionManager>('SessionManager'),
  TrustedOrigins: id<TrustedOrigins>('TrustedOrigins'),
  SessionHttp: id<SessionHttp>('SessionHttp'),
  ClientAddress: id<ClientAddress>('ClientAddress'),
  RateLimitStore: id<RateLimitStore>('RateLimitStore'),
  RateLimiter: id<RateLimiter>('RateLimiter'),
  FailedSignInThrottle: id<FailedSignInThrottle>('FailedSignInThrottle'),
  SignUpWithEmail: id<SignUpWithEmail>('SignUpWithEmail'),
  SignInWithPassword: id<SignInWithPassword>('SignInWithPassword'),
  UpdateUser: id<UpdateUser>('UpdateUser'),
  IsUsernameAvailable: id<IsUsernameAvailable>('IsUsernameAvailable'),
  // account lifecycle and transactional mail
  Mailer: id<Mailer>('Mailer'),
  /** The development outbox, or null when mail goes through Resend (or in production). */
  DevOutbox: id<DevOutboxMailer | null>('DevOutbox'),
  MailDelivery: id<MailDelivery>('MailDelivery'),
  AccountLinks: id<AccountLinks>('AccountLinks'),
  EmailVerificationTokens: id<EmailVerificationTokens>('EmailVerificationTokens'),
  VerificationRepository: id<VerificationRepository>('VerificationRepository'),
  SendVerificationEmail: id<SendVerificationEmail>('SendVerificationEmail'),
  VerifyEmail: id<VerifyEmail>('VerifyEmail'),
  RequestPasswordReset: id<RequestPasswordReset>('RequestPasswordReset'),
  VerifyResetPasswordToken: id<VerifyResetPasswordToken>('VerifyResetPasswordToken'),
  ResetPassword: id<ResetPassword>('ResetPassword'),
  ChangePassword: id<ChangePassword>('ChangePassword'),
  /** Server only: no HTTP route calls it. */
  SetPassword: id<SetPassword>('SetPassword'),
  ChangeEmail: id<ChangeEmail>('ChangeEmail'),
  DeleteUser: id<DeleteUser>('DeleteUser'),
  ConfirmDeleteUser: id<ConfirmDeleteUser>('ConfirmDeleteUser'),
} as const;
