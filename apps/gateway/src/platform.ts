// The services every module shares: configuration, clock, logger, database, sessions and their
// cookies, origins, rate limits and mail. Bound once, before the modules.
import type { Container } from 'inversify';
import type { Database, DatabaseHandle } from '@tend/database';
import {
  AccountLinks,
  type CommonPasswords,
  DEFAULT_PASSWORD_POLICY,
  MailDelivery,
  ScryptPasswordHasher,
  type AccountRepository,
  type PasswordHasher,
  type PasswordPolicy,
  type UserRepository,
  type VerificationRepository,
} from '@tend/identity';
import { PrismaAccountRepository, PrismaUserRepository, PrismaVerificationRepository } from '@tend/identity/prisma';
import type { Clock, Logger } from '@tend/kernel';
import type { DevOutboxMailer, Mailer } from '@tend/mailer';
import { FailedSignInThrottle, RateLimiter, type RateLimitStore } from '@tend/rate-limit';
import { SessionManager, type SessionStore } from '@tend/sessions';
import { SqlSessionStore } from '@tend/sessions/prisma';
import type { GatewayConfig } from './config.js';
import { bindFactory, bindValue, token } from './di.js';
import { ClientAddress } from './http/client.js';
import { TrustedOrigins } from './http/origins.js';
import { SessionHttp } from './http/session.js';
import { createMailer, DEVELOPMENT_LINK_BASE } from './mail.js';
import { createSessionStorage, type SessionStorage } from './session-storage.js';

export const PLATFORM = {
  Config: token<GatewayConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  Database: token<Database>('Database'),
  UserRepository: token<UserRepository>('UserRepository'),
  AccountRepository: token<AccountRepository>('AccountRepository'),
  VerificationRepository: token<VerificationRepository>('VerificationRepository'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  PasswordPolicy: token<PasswordPolicy>('PasswordPolicy'),
  SessionStore: token<SessionStore>('SessionStore'),
  /** The session cache and revocation registry behind the store (its Redis connection is closed with it). */
  SessionStorage: token<SessionStorage>('SessionStorage'),
  SessionManager: token<SessionManager>('SessionManager'),
  TrustedOrigins: token<TrustedOrigins>('TrustedOrigins'),
  SessionHttp: token<SessionHttp>('SessionHttp'),
  ClientAddress: token<ClientAddress>('ClientAddress'),
  RateLimitStore: token<RateLimitStore>('RateLimitStore'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  FailedSignInThrottle: token<FailedSignInThrottle>('FailedSignInThrottle'),
  Mailer: token<Mailer>('Mailer'),
  /** The development outbox, or null when mail goes through Resend (or in production). */
  DevOutbox: token<DevOutboxMailer | null>('DevOutbox'),
  MailDelivery: token<MailDelivery>('MailDelivery'),
  AccountLinks: token<AccountLinks>('AccountLinks'),
} as const;

export interface PlatformOptions {
  config: GatewayConfig;
  db: Database;
  clock: Clock;
  logger: Logger;
  rateLimitStore: RateLimitStore;
  /** The common-password list, loaded once per process (null: screening off). */
  commonPasswords: CommonPasswords | null;
  /** The driver-level query path of the hot session lookup (one named prepared statement). */
  sql: DatabaseHandle['sql'];
}

export function bindPlatform(c: Container, { config, db, clock, logger, rateLimitStore, commonPasswords, sql }: PlatformOptions): void {
  bindValue(c, PLATFORM.Config, config);
  bindValue(c, PLATFORM.Database, db);
  bindValue(c, PLATFORM.Clock, clock);
  bindValue(c, PLATFORM.Logger, logger);

  const sessionStorage = createSessionStorage(config, clock, logger);
  bindValue(c, PLATFORM.SessionStorage, sessionStorage);
  sessionStorage.observe(c);
  bindFactory(c, PLATFORM.UserRepository, [PLATFORM.Database], (database) => sessionStorage.users(new PrismaUserRepository(database)));
  bindFactory(c, PLATFORM.AccountRepository, [PLATFORM.Database], (database) => new PrismaAccountRepository(database));
  bindFactory(c, PLATFORM.VerificationRepository, [PLATFORM.Database], (database) => new PrismaVerificationRepository(database));
  bindFactory(c, PLATFORM.SessionStore, [PLATFORM.Database], (database) => sessionStorage.store(new SqlSessionStore(database, sql)));
  bindValue(c, PLATFORM.PasswordHasher, new ScryptPasswordHasher({ concurrency: config.hashing.concurrency, queueLimit: config.hashing.queue, threadPriority: config.hashing.priority }));
  bindValue(c, PLATFORM.PasswordPolicy, { ...DEFAULT_PASSWORD_POLICY, commonPasswords });

  bindFactory(c, PLATFORM.SessionManager, [PLATFORM.SessionStore, PLATFORM.Clock], (store, time) => new SessionManager(store, time, config.session));
  bindValue(c, PLATFORM.TrustedOrigins, new TrustedOrigins(config.baseURL, config.trustedOrigins));
  bindFactory(
    c,
    PLATFORM.SessionHttp,
    [PLATFORM.SessionManager, PLATFORM.TrustedOrigins, PLATFORM.Clock, PLATFORM.Logger],
    (manager, origins, time, log) => new SessionHttp(manager, origins, time, log, config.secret, config.cookieCache, sessionStorage.revocations),
  );

  // rate limits: per client and path, and failed password sign-ins per identifier
  bindValue(c, PLATFORM.ClientAddress, new ClientAddress(config.trustedProxies));
  bindValue(c, PLATFORM.RateLimitStore, rateLimitStore);
  const limits = config.rateLimit;
  bindFactory(
    c,
    PLATFORM.RateLimiter,
    [PLATFORM.RateLimitStore, PLATFORM.Clock],
    (store, time) => new RateLimiter({ enabled: limits.enabled, window: limits.window, max: limits.max, rules: limits.rules, basePath: config.basePath }, store, time),
  );
  bindFactory(
    c,
    PLATFORM.FailedSignInThrottle,
    [PLATFORM.RateLimitStore, PLATFORM.Clock],
    (store, time) => new FailedSignInThrottle({ enabled: limits.enabled, maxFailures: limits.failedSignInMax, window: limits.failedSignInWindow }, store, time),
  );

  // mail: Resend when configured, else the development outbox (never in production)
  const { mailer, outbox } = createMailer(config, clock, logger);
  bindValue(c, PLATFORM.Mailer, mailer);
  bindValue(c, PLATFORM.DevOutbox, outbox);
  bindValue(c, PLATFORM.MailDelivery, new MailDelivery(mailer, logger));
  bindValue(c, PLATFORM.AccountLinks, new AccountLinks(`${config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE}${config.basePath}`));
}
