import type { CookieCacheConfig } from '@tend/sessions';
import type { SessionConfig } from '@tend/sessions';
import type { ScryptCost, UserFields } from '@tend/identity';

/**
 * The settings of feature modules, by key. Each module adds its entry by declaration merging
 * (`declare module '../../config.js' { interface FeatureSettings { ... } }`), so adding a
 * feature never edits this file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureSettings {}

/** Everything the gateway is configured with; built from the environment by env.ts. */
export interface GatewayConfig {
  production: boolean;
  /** The public base URL (e.g. https://tend.app); null: derived from each request. */
  baseURL: string | null;
  /** The mount path of the auth routes. */
  basePath: string;
  secret: string;
  /** Origins trusted besides the base URL's. */
  trustedOrigins: string[];
  session: Partial<SessionConfig>;
  cookieCache: CookieCacheConfig;
  /**
   * Where session lookups are answered (AUTH_SESSION_STORAGE, default the database; `redis` caches
   * them in Redis). With the cookie cache on and `redisUrl` (REDIS_URL) set, revocations reach every
   * instance through Redis. See session-storage.ts.
   */
  sessionStorage?: { storage: 'database' | 'redis'; redisUrl?: string; keyPrefix?: string };
  requireEmailVerification: boolean;
  userFields?: UserFields;
  /** Largest accepted JSON body. */
  bodyLimit: string;
  /** Transactional mail: Resend when configured, else the development outbox. */
  mail: MailSettings;
  emailVerification: EmailVerificationSettings;
  changeEmail: { enabled: boolean };
  deleteUser: DeleteUserSettings;
  rateLimit: RateLimitSettings;
  /** Proxies whose X-Forwarded-For is believed (IPs, CIDRs, loopback/linklocal/uniquelocal). */
  trustedProxies: string[];
  /**
   * Password hashing: at most `concurrency` at once, `queue` waiting, then 503 (AUTH_HASH_*).
   * `cost` is scrypt's work factor: `standard` unless a test suite's gateway says `minimum`
   * (no environment variable sets it: a deployment always hashes at the standard cost).
   */
  hashing: { concurrency?: number; queue: number; priority: 'normal' | 'low'; cost?: ScryptCost };
  /** Refuse common passwords (AUTH_PASSWORD_SCREENING). */
  passwordScreening: boolean;
  /** The API reference page (AUTH_API_REFERENCE, AUTH_API_REFERENCE_PATH). */
  apiReference: { enabled: boolean; path: string };
  /** Replies checked against their schemas: `throw` in tests, `warn` in development, `off` in production. */
  checkReplies: 'throw' | 'warn' | 'off';
  /** The web app's public URL (AUTH_WEB_URL): invitation links, sign-in challenge pages. */
  webURL: string;
  /** Each feature module's settings (from its variables; absent: its defaults). See modules/settings.ts. */
  features: Partial<FeatureSettings>;
}

export interface RateLimitSettings {
  enabled: boolean;
  /** Where counters live; `redis` needs `redisUrl` and falls back to memory while Redis is down. */
  storage: 'memory' | 'database' | 'redis';
  redisUrl?: string;
  window: number;
  max: number;
  rules?: Record<string, { window: number; max: number } | false>;
  /** Failed password sign-ins allowed per identifier within `failedSignInWindow` seconds. */
  failedSignInMax: number;
  failedSignInWindow: number;
}

export function defaultConfig(overrides: Partial<GatewayConfig> & Pick<GatewayConfig, 'secret'>): GatewayConfig {
  return {
    production: false,
    baseURL: null,
    basePath: '/api/auth',
    trustedOrigins: [],
    session: {},
    cookieCache: { enabled: false, maxAge: 300 },
    requireEmailVerification: false,
    bodyLimit: '100kb',
    mail: { resend: null, from: 'Tend <no-reply@tend.local>' },
    emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: false },
    changeEmail: { enabled: true },
    deleteUser: { enabled: true, sendDeleteAccountVerification: true },
    rateLimit: { enabled: false, storage: 'memory', window: 10, max: 100, failedSignInMax: 10, failedSignInWindow: 900 },
    trustedProxies: [],
    passwordScreening: true,
    hashing: { queue: 64, priority: 'normal' },
    apiReference: { enabled: true, path: '/api/reference' },
    checkReplies: overrides.production ? 'off' : 'warn',
    webURL: 'http://localhost:3001',
    features: {},
    ...overrides,
  };
}

export interface MailSettings {
  /** Resend's key and API root (RESEND_API_KEY, RESEND_BASE_URL); null: the development outbox. */
  resend: { apiKey: string; baseUrl?: string } | null;
  /** The sender, `Name <address>` (MAIL_FROM). */
  from: string;
  /** Where mail links point when `baseURL` is null; never the request's Host (default http://localhost:3000). */
  linkBaseURL?: string;
}

export interface EmailVerificationSettings {
  /** Mail a verification link after sign-up (AUTH_SEND_VERIFICATION_ON_SIGN_UP). */
  sendOnSignUp: boolean;
  /** GET /verify-email signs the user in (AUTH_AUTO_SIGN_IN_AFTER_VERIFICATION). */
  autoSignInAfterVerification: boolean;
}

export interface DeleteUserSettings {
  /** POST /delete-user and GET /delete-user/callback exist (AUTH_DELETE_USER); else 404. */
  enabled: boolean;
  /** Without password or token, confirm deletion by a mailed link (AUTH_DELETE_ACCOUNT_VERIFICATION). */
  sendDeleteAccountVerification: boolean;
}
