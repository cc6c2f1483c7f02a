// The composition root: every port bound to its adapter, every use case to its
// collaborators, in one container. Core classes stay free of decorators.
import { Container } from 'inversify';
import type { Database } from '@tend/database';
import {
  IsUsernameAvailable,
  ScryptPasswordHasher,
  SignInWithPassword,
  SignUpWithEmail,
  UpdateUser,
  DEFAULT_USER_FIELDS,
  type AccountRepository,
  type PasswordHasher,
  type UserEvents,
  type UserRepository,
} from '@tend/identity';
import { PrismaAccountRepository, PrismaUserRepository } from '@tend/identity/prisma';
import type { Clock, Logger } from '@tend/kernel';
import { SessionManager, type SessionStore } from '@tend/sessions';
import { PrismaSessionStore } from '@tend/sessions/prisma';
import type { GatewayConfig } from './config.js';
import { TrustedOrigins } from './http/origins.js';
import { SessionHttp } from './http/session.js';
import { TOKENS } from './tokens.js';
import { bindAccountLifecycle } from './account-bindings.js';
import { ClientAddress } from './http/client.js';
import { FailedSignInThrottle, RateLimiter, type RateLimitStore } from '@tend/rate-limit';

export interface ContainerOptions {
  config: GatewayConfig;
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Where rate-limit counters live (memory, the database, or Redis with a fallback). */
  rateLimitStore: RateLimitStore;
}

export function createContainer({ config, db, clock, logger, rateLimitStore }: ContainerOptions): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  c.bind(TOKENS.Config).toConstantValue(config);
  c.bind(TOKENS.Database).toConstantValue(db);
  c.bind(TOKENS.Clock).toConstantValue(clock);
  c.bind(TOKENS.Logger).toConstantValue(logger);

  // adapters
  c.bind(TOKENS.UserRepository).toResolvedValue((database: Database) => new PrismaUserRepository(database), [TOKENS.Database]);
  c.bind(TOKENS.AccountRepository).toResolvedValue((database: Database) => new PrismaAccountRepository(database), [TOKENS.Database]);
  c.bind(TOKENS.SessionStore).toResolvedValue((database: Database) => new PrismaSessionStore(database), [TOKENS.Database]);
  c.bind(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
  // mailer, verification values, the account lifecycle use cases and the UserEvents that send verification mail
  bindAccountLifecycle(c, config, clock, logger);

  // sessions
  c.bind(TOKENS.SessionManager).toResolvedValue(
    (store: SessionStore, time: Clock) => new SessionManager(store, time, config.session),
    [TOKENS.SessionStore, TOKENS.Clock],
  );
  c.bind(TOKENS.TrustedOrigins).toConstantValue(new TrustedOrigins(config.baseURL, config.trustedOrigins));
  c.bind(TOKENS.SessionHttp).toResolvedValue(
    (manager: SessionManager, origins: TrustedOrigins, time: Clock, log: Logger) =>
      new SessionHttp(manager, origins, time, log, config.secret, config.cookieCache),
    [TOKENS.SessionManager, TOKENS.TrustedOrigins, TOKENS.Clock, TOKENS.Logger],
  );

  // rate limits: per client and path, and failed password sign-ins per identifier
  c.bind(TOKENS.ClientAddress).toConstantValue(new ClientAddress(config.trustedProxies));
  c.bind(TOKENS.RateLimitStore).toConstantValue(rateLimitStore);
  c.bind(TOKENS.RateLimiter).toResolvedValue(
    (store: RateLimitStore, time: Clock) =>
      new RateLimiter({ enabled: config.rateLimit.enabled, window: config.rateLimit.window, max: config.rateLimit.max, rules: config.rateLimit.rules, basePath: config.basePath }, store, time),
    [TOKENS.RateLimitStore, TOKENS.Clock],
  );
  c.bind(TOKENS.FailedSignInThrottle).toResolvedValue(
    (store: RateLimitStore, time: Clock) =>
      new FailedSignInThrottle({ enabled: config.rateLimit.enabled, maxFailures: config.rateLimit.failedSignInMax, window: config.rateLimit.failedSignInWindow }, store, time),
    [TOKENS.RateLimitStore, TOKENS.Clock],
  );

  // use cases
  const fields = config.userFields ?? DEFAULT_USER_FIELDS;
  c.bind(TOKENS.SignUpWithEmail).toResolvedValue(
    (users: UserRepository, hasher: PasswordHasher, sessions: SessionManager, time: Clock, events: UserEvents) =>
      new SignUpWithEmail(users, hasher, sessions, time, { userFields: fields, requireEmailVerification: config.requireEmailVerification }, events),
    [TOKENS.UserRepository, TOKENS.PasswordHasher, TOKENS.SessionManager, TOKENS.Clock, TOKENS.UserEvents],
  );
  c.bind(TOKENS.SignInWithPassword).toResolvedValue(
    (users: UserRepository, accounts: AccountRepository, hasher: PasswordHasher, sessions: SessionManager, time: Clock, events: UserEvents) =>
      new SignInWithPassword(users, accounts, hasher, sessions, time, { requireEmailVerification: config.requireEmailVerification }, events),
    [TOKENS.UserRepository, TOKENS.AccountRepository, TOKENS.PasswordHasher, TOKENS.SessionManager, TOKENS.Clock, TOKENS.UserEvents],
  );
  c.bind(TOKENS.UpdateUser).toResolvedValue((users: UserRepository, time: Clock) => new UpdateUser(users, time, fields), [TOKENS.UserRepository, TOKENS.Clock]);
  c.bind(TOKENS.IsUsernameAvailable).toResolvedValue((users: UserRepository) => new IsUsernameAvailable(users), [TOKENS.UserRepository]);
  return c;
}
