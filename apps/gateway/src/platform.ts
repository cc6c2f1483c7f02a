// The services every module shares: configuration, clock, logger, database, sessions and their
// cookies, origins, rate limits and mail. Bound once, before the modules.
import type { Container } from 'inversify';
import type { Database, DatabaseHandle, SqlHandle } from '@tend/database';
import {
  AccountLinkEffect,
  AccountLinks,
  factorTable,
  type CommonPasswords,
  DEFAULT_PASSWORD_POLICY,
  MailDelivery,
  PendingSignIns,
  PlaceholderEmails,
  PlaceholderGuardMailer,
  ScryptPasswordHasher,
  SignInCompletion,
  type AccountRepository,
  type PasswordHasher,
  type PasswordPolicy,
  type UserRepository,
  type ClaimableCredentials,
  type FactorTable,
  type SignInEvents,
  type VerificationRepository,
} from '@tend/identity';
import { PrismaAccountRepository, PrismaUserRepository, PrismaVerificationRepository } from '@tend/identity/prisma';
import { noEvents, type Clock, type EventRecorder, type Logger, type Transactions } from '@tend/kernel';
import type { DevOutboxMailer, Mailer } from '@tend/mailer';
import { FailedSignInThrottle, RateLimiter, type RateLimitRules, type RateLimitStore } from '@tend/rate-limit';
import { SessionManager, type SessionStore } from '@tend/sessions';
import { SessionIssuer } from '@tend/sessions/issuer';
import { SqlSessionStore } from '@tend/sessions/prisma';
import type { GatewayConfig } from './config.js';
import { bindFactory, bindValue, token, type Token } from './di.js';
import { ClientAddress } from './http/client.js';
import { Cookies } from './http/cookies.js';
import type { AuditSink } from './http/mount.js';
import { TrustedOrigins } from './http/origins.js';
import { SessionHttp } from './http/session.js';
import { SessionCookieWriter } from './http/session-cookie-writer.js';
import { SignInHttp } from './http/sign-in-http.js';
import { createMailer, DEVELOPMENT_LINK_BASE } from './mail.js';
import type { GatewayModule, SessionFallback, SessionReplyHeader, SignOutHandler } from './modules/module.js';
import { createSessionStorage, type SessionStorage } from './session-storage.js';

/** A token no other file can name: a fresh symbol, outside `Symbol.for`'s registry that `token()` uses. */
const sealed = <T>(name: string): Token<T> => Symbol(`tend.${name}`) as Token<T>;

/**
 * The session store and the session cookie writer are not among the tokens modules can name:
 * with them a module could write a session, or a session's cookies, outside the sign-in pipeline.
 */
const SEAM = {
  SessionStore: sealed<SessionStore>('SessionStore'),
  SessionCookieWriter: sealed<SessionCookieWriter>('SessionCookieWriter'),
} as const;

export const PLATFORM = {
  Config: token<GatewayConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  Database: token<Database>('Database'),
  /** The driver-level statement path beside Prisma, for the few statements of hot request paths. */
  Sql: token<SqlHandle>('Sql'),
  UserRepository: token<UserRepository>('UserRepository'),
  AccountRepository: token<AccountRepository>('AccountRepository'),
  VerificationRepository: token<VerificationRepository>('VerificationRepository'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  PasswordPolicy: token<PasswordPolicy>('PasswordPolicy'),
  /** The session store's sweep of expired rows (the store itself stays in the platform: it can write sessions). */
  ExpiredSessions: token<Pick<SessionStore, 'purgeExpired'>>('ExpiredSessions'),
  /** The session cache and revocation registry behind the store (its Redis connection is closed with it). */
  SessionStorage: token<SessionStorage>('SessionStorage'),
  /** Finds, extends and ends sessions; it cannot make one (only the sign-in completion holds a SessionIssuer). */
  SessionManager: token<SessionManager>('SessionManager'),
  TrustedOrigins: token<TrustedOrigins>('TrustedOrigins'),
  /** Every declared cookie, read and written through the one factory. */
  Cookies: token<Cookies>('Cookies'),
  /** Reads a request's session, refreshes and clears its cookies; never starts them (SignInHttp does). */
  SessionHttp: token<SessionHttp>('SessionHttp'),
  PendingSignIns: token<PendingSignIns>('PendingSignIns'),
  /** Every factor a sign-in can prove, with its kind and channel: identity's and those the modules declare. */
  Factors: token<FactorTable>('Factors'),
  /** The one sign-in pipeline: bans, challenge policies, the session, the audit event. */
  SignInCompletion: token<SignInCompletion>('SignInCompletion'),
  /** The one writer of sign-in outcomes (and of a new session's cookies): cookies and JSON, or cookies and a redirect. */
  SignInHttp: token<SignInHttp>('SignInHttp'),
  /** Every audit action the modules declare, with its label. */
  AuditActions: token<Readonly<Record<string, string>>>('AuditActions'),
  /** Headers the modules add to get-session's answer (GatewayModule.sessionReplyHeaders). */
  SessionReplyHeaders: token<readonly SessionReplyHeader[]>('SessionReplyHeaders'),
  /** Other live sessions get-session answers when the request's own ended (GatewayModule.sessionFallbacks). */
  SessionFallbacks: token<readonly SessionFallback[]>('SessionFallbacks'),
  /** What sign-out ends besides the request's session (GatewayModule.signOuts). */
  SignOutHandlers: token<readonly SignOutHandler[]>('SignOutHandlers'),
  /** Every other kind of credential the modules hold for a user (API keys), revoked when an account is claimed. */
  RevocableCredentials: token<readonly ClaimableCredentials[]>('RevocableCredentials'),
  /** Runs work in one database transaction: every repository's writes inside it commit together. */
  Transactions: token<Transactions>('Transactions'),
  /** Every event type the modules declare, with what it says (what webhooks may subscribe to). */
  EventTypes: token<Readonly<Record<string, string>>>('EventTypes'),
  /** Records a change's events in its transaction, to the module that declares an event sink (webhooks' outbox). */
  Events: token<EventRecorder>('Events'),
  /** Where audit events go (the module that declares an audit sink; null: nowhere). */
  AuditSink: token<AuditSink | null>('AuditSink'),
  ClientAddress: token<ClientAddress>('ClientAddress'),
  RateLimitStore: token<RateLimitStore>('RateLimitStore'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  FailedSignInThrottle: token<FailedSignInThrottle>('FailedSignInThrottle'),
  /** The mailer every mail goes through: it never sends to a placeholder address. */
  Mailer: token<Mailer>('Mailer'),
  /** The development outbox, or null when mail goes through Resend (or in production). */
  DevOutbox: token<DevOutboxMailer | null>('DevOutbox'),
  MailDelivery: token<MailDelivery>('MailDelivery'),
  AccountLinks: token<AccountLinks>('AccountLinks'),
  /** The addresses of users whose provider shares no email (AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN). */
  PlaceholderEmails: token<PlaceholderEmails>('PlaceholderEmails'),
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
  /** PostgreSQL takes row locks; an embedded PGlite, owned by this process, queues in it instead. */
  databaseKind: DatabaseHandle['kind'];
  /** Transactions around the repositories' writes (on `db`, the client that joins them). */
  transactions: Transactions;
  /** The feature modules: their cookies, challenges, rate-limit rules, audit sink and session writes. */
  modules: readonly GatewayModule[];
}

export function bindPlatform(c: Container, { config, db, clock, logger, rateLimitStore, commonPasswords, sql, databaseKind, transactions, modules }: PlatformOptions): void {
  bindValue(c, PLATFORM.Config, config);
  bindValue(c, PLATFORM.Transactions, transactions);
  // Events: the modules' declared types, and one recorder that hands each change to the sink
  // (found on first use: the sink's own bindings may need the container).
  bindValue(c, PLATFORM.EventTypes, Object.freeze(Object.assign({}, ...modules.map((module) => module.events ?? {}))));
  let sink: EventRecorder | undefined;
  const domainEvents: EventRecorder = {
    record: (work, toEvents) => (sink ??= modules.find((module) => module.eventSink)?.eventSink?.(c) ?? noEvents).record(work, toEvents),
  };
  bindValue(c, PLATFORM.Events, domainEvents);
  for (const module of modules) module.eventWrites?.(c, domainEvents);
  bindValue(c, PLATFORM.Database, db);
  bindValue(c, PLATFORM.Sql, sql);
  bindValue(c, PLATFORM.Clock, clock);
  bindValue(c, PLATFORM.Logger, logger);

  const sessionStorage = createSessionStorage(config, clock, logger);
  bindValue(c, PLATFORM.SessionStorage, sessionStorage);
  sessionStorage.observe(c, modules);
  bindFactory(c, PLATFORM.UserRepository, [PLATFORM.Database], (database) => sessionStorage.users(new PrismaUserRepository(database)));
  bindFactory(c, PLATFORM.AccountRepository, [PLATFORM.Database], (database) => new PrismaAccountRepository(database, { rowLocks: databaseKind === 'postgres' }));
  bindFactory(c, PLATFORM.VerificationRepository, [PLATFORM.Database], (database) => new PrismaVerificationRepository(database));
  bindFactory(c, SEAM.SessionStore, [PLATFORM.Database], (database) => sessionStorage.store(new SqlSessionStore(database, sql)));
  bindFactory(c, PLATFORM.ExpiredSessions, [SEAM.SessionStore], (store) => store);
  bindValue(c, PLATFORM.PasswordHasher, new ScryptPasswordHasher({ concurrency: config.hashing.concurrency, queueLimit: config.hashing.queue, threadPriority: config.hashing.priority, cost: config.hashing.cost }));
  bindValue(c, PLATFORM.PasswordPolicy, { ...DEFAULT_PASSWORD_POLICY, commonPasswords });

  bindFactory(c, PLATFORM.SessionManager, [SEAM.SessionStore, PLATFORM.Clock], (store, time) => new SessionManager(store, time, config.session));
  bindValue(c, PLATFORM.TrustedOrigins, new TrustedOrigins(config.baseURL, config.trustedOrigins));
  const challenges = modules.flatMap((module) => module.challenges ?? []);
  const declaredCookies = [...modules.flatMap((module) => module.cookies ?? []), ...challenges.map((challenge) => challenge.cookie)];
  bindFactory(c, PLATFORM.Cookies, [PLATFORM.TrustedOrigins], (origins) => new Cookies(config.secret, origins, declaredCookies));
  bindFactory(
    c,
    SEAM.SessionCookieWriter,
    [PLATFORM.Cookies, PLATFORM.Clock, PLATFORM.Logger],
    (cookies, time, log) => new SessionCookieWriter(cookies, time, log, config.secret, config.cookieCache),
  );
  bindFactory(
    c,
    PLATFORM.SessionHttp,
    [PLATFORM.SessionManager, PLATFORM.Cookies, SEAM.SessionCookieWriter, PLATFORM.Clock],
    (manager, cookies, writer, time) => new SessionHttp(manager, cookies, writer, time, sessionStorage.revocations),
  );

  bindValue(c, PLATFORM.AuditActions, Object.freeze(Object.assign({}, ...modules.map((module) => module.auditActions ?? {}))));
  // the sign-in pipeline: challenge policies come from the modules that declare them, in module order
  c.bind(PLATFORM.RevocableCredentials).toDynamicValue(() => modules.flatMap((module) => module.credentials?.(c) ?? []));
  c.bind(PLATFORM.AuditSink).toDynamicValue(() => modules.find((module) => module.auditSink)?.auditSink?.(c) ?? null);
  bindValue(c, PLATFORM.Factors, factorTable(Object.assign({}, ...modules.map((module) => module.factors ?? {}))));
  bindFactory(c, PLATFORM.PendingSignIns, [PLATFORM.VerificationRepository, PLATFORM.Clock], (verifications, time) => new PendingSignIns(verifications, time));
  c.bind(PLATFORM.SignInCompletion).toDynamicValue(() => {
    const sink = c.get(PLATFORM.AuditSink);
    const events = {
      record: ({ action, userId, client, detail }: Parameters<SignInEvents['record']>[0]) =>
        sink?.record({ action, actorId: userId, targetUserId: userId, detail, ipAddress: client.ipAddress, userAgent: client.userAgent }),
    };
    // The seam: the completion alone gets the capability to issue sessions, and the user
    // repository's first-session write (sign-up's user, account and session in one transaction).
    const deps = {
      users: c.get(PLATFORM.UserRepository),
      sessions: new SessionIssuer(c.get(SEAM.SessionStore), clock, config.session),
      firstSessions: new PrismaUserRepository(c.get(PLATFORM.Database)),
      pending: c.get(PLATFORM.PendingSignIns),
      clock,
      events,
      // Identity's deferred account links first, then what the modules declare (SSO's membership and mail).
      effects: [new AccountLinkEffect({ accounts: c.get(PLATFORM.AccountRepository), clock }), ...modules.flatMap((module) => module.sessionEffects?.(c) ?? [])],
      logger,
      domainEvents,
    };
    return new SignInCompletion(deps, challenges.map((challenge) => c.get(challenge.policyToken)));
  });
  c.bind(PLATFORM.SessionReplyHeaders).toDynamicValue(() => modules.flatMap((module) => module.sessionReplyHeaders?.(c) ?? []));
  c.bind(PLATFORM.SessionFallbacks).toDynamicValue(() => modules.flatMap((module) => module.sessionFallbacks?.(c) ?? []));
  c.bind(PLATFORM.SignOutHandlers).toDynamicValue(() => modules.flatMap((module) => module.signOuts?.(c) ?? []));
  bindFactory(
    c,
    PLATFORM.SignInHttp,
    [SEAM.SessionCookieWriter, PLATFORM.Cookies],
    (writer, cookies) =>
      new SignInHttp(
        writer,
        cookies,
        challenges,
        config.webURL,
        modules.flatMap((module) => module.signInContinuations?.(c) ?? []),
        modules.flatMap((module) => module.signedIn?.(c) ?? []),
      ),
  );

  // rate limits: per client and path, and failed password sign-ins per identifier
  bindValue(c, PLATFORM.ClientAddress, new ClientAddress(config.trustedProxies));
  bindValue(c, PLATFORM.RateLimitStore, rateLimitStore);
  const limits = config.rateLimit;
  bindFactory(
    c,
    PLATFORM.RateLimiter,
    [PLATFORM.RateLimitStore, PLATFORM.Clock],
    (store, time) => new RateLimiter({ enabled: limits.enabled, window: limits.window, max: limits.max, rules: rateLimitRulesOf(modules, limits.rules), basePath: config.basePath }, store, time),
  );
  bindFactory(
    c,
    PLATFORM.FailedSignInThrottle,
    [PLATFORM.RateLimitStore, PLATFORM.Clock],
    (store, time) => new FailedSignInThrottle({ enabled: limits.enabled, maxFailures: limits.failedSignInMax, window: limits.failedSignInWindow }, store, time),
  );

  // mail: Resend when configured, else the development outbox (never in production)
  const { mailer: sender, outbox } = createMailer(config, clock, logger);
  const placeholders = new PlaceholderEmails(config.features.providers?.placeholderEmailDomain ?? null);
  bindValue(c, PLATFORM.PlaceholderEmails, placeholders);
  // The one place every mail passes: nothing is ever sent to an address that cannot receive it.
  const mailer = new PlaceholderGuardMailer(sender, placeholders, logger);
  bindValue(c, PLATFORM.Mailer, mailer);
  bindValue(c, PLATFORM.DevOutbox, outbox);
  bindValue(c, PLATFORM.MailDelivery, new MailDelivery(mailer, logger));
  bindValue(c, PLATFORM.AccountLinks, new AccountLinks(`${config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE}${config.basePath}`));
}

/** The modules' rate-limit rules, then the configured ones over them (the spec's defaults stay under both). */
export function rateLimitRulesOf(modules: readonly GatewayModule[], configured: RateLimitRules = {}): RateLimitRules {
  return Object.assign({}, ...modules.map((module) => module.rateLimits ?? {}), configured);
}
