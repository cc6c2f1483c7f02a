import type { Container } from 'inversify';
import type { z } from 'zod';
import type { ErrorDefinition } from '@tend/kernel';
import type { RateLimitRules } from '@tend/rate-limit';
import type { SessionChanges } from '@tend/sessions';
import type { CleanupTask } from '../cleanup-task.js';
import type { FeatureSettings, GatewayConfig } from '../config.js';
import type { Token } from '../di.js';
import type { CookieSpec } from '../http/cookies.js';
import type { AnyEndpoint } from '../http/endpoint.js';
import type { AuditSink, Authorizer } from '../http/mount.js';
import type { Auth, RequestAuthenticator } from '../http/session.js';
import type { ChallengeHttp, SignedInHandler, SignInContinuation } from '../http/sign-in-http.js';
import type { Request, Response } from 'express';
import type { ChallengePolicy, ClaimableCredentials, FactorTraits, SessionEffectHandler } from '@tend/identity';
import type { Clock, EventRecorder, Logger } from '@tend/kernel';

/** Headers a module adds to `get-session`'s answer for a live session (names lower-case). */
export type SessionReplyHeader = (auth: Auth) => Promise<Record<string, string>>;

/**
 * Another live session `get-session` may answer when the request's own has ended (multi-session:
 * another account the browser holds). It writes that session's cookies itself; null: none.
 */
export type SessionFallback = (req: Request, res: Response) => Promise<Auth | null>;

/** What a module ends at `POST /sign-out`, before the session cookies are cleared (multi-session: every account of the browser). */
export type SignOutHandler = (req: Request, res: Response) => Promise<void>;

/** Work a module runs in the background while the gateway lives (webhooks' delivery worker). */
export interface BackgroundWorker {
  /** Starts it (timers unref'd: a worker never keeps a process alive). */
  start(): void;
  /** Stops it and waits for the work in flight (called by the gateway's close, before the database closes). */
  stop(): Promise<void>;
}

/** What a module's bindings are made from. */
export interface BindContext {
  config: GatewayConfig;
  clock: Clock;
  logger: Logger;
}

/**
 * A module's environment variables and the settings made of them. The variables are validated
 * with every other at start (a bad value stops the gateway naming it); the settings land in
 * `config.features[key]`, whose type the module adds to `FeatureSettings` by declaration merging.
 */
export interface ModuleSettings<K extends keyof FeatureSettings = keyof FeatureSettings> {
  key: K;
  /** The variables, as a zod object shape (defaults included). */
  env: z.ZodRawShape;
  /** The settings of the parsed variables (throws a SettingsError for a bad combination); `config` is the platform's. */
  fromEnv(values: Record<string, unknown>, config: GatewayConfig): FeatureSettings[K];
  /** Checks over the raw environment, for variables named by pattern (`AUTH_<ID>_*`): `NAME: problem` lines. */
  check?(source: Readonly<Record<string, string | undefined>>): string[];
}

/** A sign-in challenge a module answers: its policy (from the container) and how it shows over HTTP. */
export interface ChallengeDeclaration extends ChallengeHttp {
  /** The policy the sign-in completion applies, in module order. */
  policyToken: Token<ChallengePolicy>;
}

/**
 * A feature at the HTTP edge: its container bindings, its routes as endpoint specs, and every
 * other thing it adds to the gateway, declared here so the central files merge declarations
 * instead of being edited: environment variables, error catalogues, audit actions with their
 * labels, rate-limit rules, cleanup tasks, cookies, sign-in challenges and factors, session effects, writes that touch
 * sessions, permission checks, credentials, and OpenAPI security schemes. `modules/index.ts`
 * lists the modules; nothing else changes to add one.
 */
export interface GatewayModule {
  name: string;
  settings?: ModuleSettings;
  bind(c: Container, context: BindContext): void;
  endpoints: readonly AnyEndpoint[];
  /** Its error catalogues (`defineErrors`): with the endpoints' lists, the source of ERROR_CODES. */
  errors?: readonly Readonly<Record<string, ErrorDefinition>>[];
  /** The audit actions it records, with the label the admin console shows for each. */
  auditActions?: Readonly<Record<string, string>>;
  /** Its rate-limit rules by path pattern (`/two-factor/*`), over the defaults. */
  rateLimits?: RateLimitRules;
  /** Expired rows it owns, swept by the scheduled cleanup. */
  cleanup?: (c: Container) => CleanupTask[];
  /** The cookies it sets, made through the one cookie factory (`namedCookie`). */
  cookies?: readonly CookieSpec[];
  /** Sign-in challenges it answers (a second factor): a policy of the sign-in completion. */
  challenges?: readonly ChallengeDeclaration[];
  /**
   * The handlers of the session effects its sign-ins declare (SSO's membership and "linked"
   * mail): run by the sign-in completion when such a sign-in becomes a session, after a
   * challenge's answer too.
   */
  sessionEffects?: (c: Container) => SessionEffectHandler[];
  /**
   * Where a JSON sign-in that carried a request to continue (the identity provider's signed
   * `oauth_query`) goes once it is a session: `{redirect: true, url}` joins its answer.
   */
  signInContinuations?: (c: Container) => SignInContinuation[];
  /** Headers `get-session` answers with a live session (the `/token` JWT's `set-auth-jwt`). */
  sessionReplyHeaders?: (c: Container) => SessionReplyHeader[];
  /** What runs once a sign-in is a session and its cookie written, before the answer (every method, the second factor's answer, vouched sessions). */
  signedIn?: (c: Container) => SignedInHandler[];
  /** Another live session `get-session` answers when the request's own ended elsewhere (in module order; the first wins). */
  sessionFallbacks?: (c: Container) => SessionFallback[];
  /** What `POST /sign-out` ends besides the request's session. */
  signOuts?: (c: Container) => SignOutHandler[];
  /**
   * Factors it proves beyond identity's (by name, with their kind and channel), so challenge
   * policies count them; their names join identity's `FactorDeclarations` by declaration merging.
   */
  factors?: Readonly<Record<string, FactorTraits>>;
  /**
   * Wraps its services whose writes change sessions or their users (with `c.onActivation`), so
   * session caches and revocation registries hear of them. Called only when those are on.
   */
  sessionWrites?: (c: Container, changes: SessionChanges) => void;
  /** Permission checks this module answers for (site admin roles, organization roles). */
  authorizers?: (c: Container) => Partial<Record<'admin' | 'organization', Authorizer>>;
  /** Credentials it holds for users besides sessions and accounts (API keys), revoked when an unverified account is claimed. */
  credentials?: (c: Container) => ClaimableCredentials[];
  /** Credentials this module accepts besides sessions (API keys). */
  authenticators?: (c: Container) => RequestAuthenticator[];
  /** The errors those credentials answer (a disabled key), on every route that reads the caller. */
  credentialErrors?: readonly ErrorDefinition[];
  /**
   * The events its changes emit (`user.deleted`…), with what each says: merged into
   * `PLATFORM.EventTypes`, the list webhooks subscribe to.
   */
  events?: Readonly<Record<string, string>>;
  /**
   * Wraps its services whose changes emit events (with `c.onActivation`), so each change records
   * its events through `events` in its own transaction (a rolled-back change emits nothing).
   */
  eventWrites?: (c: Container, events: EventRecorder) => void;
  /** Where every event goes (one module provides it: webhooks' outbox); without one, changes just run. */
  eventSink?: (c: Container) => EventRecorder;
  /** Its background work (webhooks' delivery worker): started with the gateway, stopped by its close. */
  workers?: (c: Container) => BackgroundWorker[];
  /** The sink of every audit event (one module provides it: admin's audit log). */
  auditSink?: (c: Container) => AuditSink;
  /** OpenAPI security schemes this module adds. */
  securitySchemes?: Record<string, Record<string, unknown>>;
}
