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
  SignUpWithEmail: id<SignUpWithEmail>('SignUpWithEmail'),
  SignInWithPassword: id<SignInWithPassword>('SignInWithPassword'),
  UpdateUser: id<UpdateUser>('UpdateUser'),
  IsUsernameAvailable: id<IsUsernameAvailable>('IsUsernameAvailable'),
} as const;
