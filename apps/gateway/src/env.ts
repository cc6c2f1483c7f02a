// The one place that reads the environment: every variable validated with zod at start,
// with a clear message for each bad value.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '@tend/kernel';
import { organizationsConfig } from '@tend/organizations';
import { defaultConfig, type GatewayConfig } from './config.js';
import { PROVIDERS_ENV, providersConfigFromEnv, readProviderSettings } from './modules/providers/env.js';

const onOff = z.enum(['on', 'off']);

const origin = z
  .string()
  .trim()
  .min(1, 'an empty trusted origin is not allowed')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) origin such as https://app.example.com')
  .transform((value) => new URL(value).origin);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    AUTH_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://tend.example.com' })
      .optional()
      .transform((value) => value?.replace(/\/+$/, '')),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATABASE_URL: z
      .string()
      .optional()
      .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), 'must be a postgresql:// URL, or unset for the embedded database'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
    // Operations: log level (pino), the scheduled cleanup's interval in seconds (0: off), and how
    // long a SIGTERM may take before the process gives up waiting and exits 1.
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_CLEANUP_INTERVAL: z.coerce.number().int().min(0).max(604_800).default(3600),
    AUTH_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    AUTH_TRUSTED_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return [];
        const parsed = z.array(origin).safeParse(value.split(','));
        if (!parsed.success) {
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `entry ${String(issue.path[0])}: ${issue.message}` });
          return z.NEVER;
        }
        return parsed.data;
      }),
    RESEND_API_KEY: z.string().min(1).optional(),
    RESEND_BASE_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('Tend <no-reply@tend.local>'),
    AUTH_RATE_LIMIT: onOff.optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
    AUTH_RATE_LIMIT_STORAGE: z.enum(['memory', 'database', 'redis']).optional(),
    AUTH_SESSION_STORAGE: z.enum(['database', 'redis']).default('database'),
    AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(10),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
    AUTH_TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((entry) => entry.trim()).filter(Boolean) : [])),
    AUTH_COOKIE_CACHE: onOff.default('off'),
    AUTH_REQUIRE_EMAIL_VERIFICATION: onOff.default('off'),
    AUTH_SEND_VERIFICATION_ON_SIGN_UP: onOff.default('on'),
    AUTH_AUTO_SIGN_IN_AFTER_VERIFICATION: onOff.default('off'),
    AUTH_CHANGE_EMAIL: onOff.default('on'),
    AUTH_DELETE_USER: onOff.default('on'),
    AUTH_DELETE_ACCOUNT_VERIFICATION: onOff.default('on'),
    AUTH_PASSWORD_SCREENING: onOff.default('on'),
    AUTH_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    AUTH_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
    AUTH_HASH_PRIORITY: z.enum(['normal', 'low']).default('low'),
    AUTH_API_REFERENCE: onOff.default('on'),
    AUTH_API_REFERENCE_PATH: z
      .string()
      .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path such as /api/reference')
      .default('/api/reference')
      .transform((value) => value.replace(/\/+$/, '') || '/'),
    AUTH_BOOTSTRAP_ADMIN_EMAIL: z.email().optional(),
    AUTH_BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    AUTH_ADMIN_USER_IDS: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((entry) => entry.trim()).filter(Boolean) : [])),
    AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS: onOff.default('off'),
    AUTH_ORGANIZATION_MEMBERSHIP_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
    AUTH_ORGANIZATION_LIMIT: z.coerce.number().int().min(1).max(1_000_000).optional(),
    AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION: onOff.default('on'),
    AUTH_ORGANIZATION_TEAMS: onOff.default('on'),
    ...PROVIDERS_ENV,
    AUTH_WEB_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.tend.example' })
      .default('http://localhost:3001')
      .transform((value) => value.replace(/\/+$/, '')),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production (at least 32 random characters)' });
    }
    if (env.AUTH_RATE_LIMIT_STORAGE === 'redis' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_RATE_LIMIT_STORAGE'], message: 'redis storage needs REDIS_URL' });
    }
    if (env.AUTH_SESSION_STORAGE === 'redis' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SESSION_STORAGE'], message: 'redis storage needs REDIS_URL' });
    }
    if (!!env.AUTH_BOOTSTRAP_ADMIN_EMAIL !== !!env.AUTH_BOOTSTRAP_ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_BOOTSTRAP_ADMIN_PASSWORD'], message: 'AUTH_BOOTSTRAP_ADMIN_EMAIL and AUTH_BOOTSTRAP_ADMIN_PASSWORD go together' });
    }
  });

/** The parsed environment; `providerSettings` holds the AUTH_<ID>_* variables, read and checked per provider. */
export type Env = z.infer<typeof envSchema> & { providerSettings: ReturnType<typeof readProviderSettings>['settings'] };

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const providers = readProviderSettings(cleaned);
  if (!parsed.success || providers.issues.length) {
    const lines = (parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`)).concat(providers.issues.map((issue) => `  ${issue}`));
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, providerSettings: providers.settings };
}

/** The gateway configuration of an environment. A missing secret outside production is generated, with a warning. */
export function configFromEnv(env: Env, logger: Logger): GatewayConfig {
  let secret = env.AUTH_SECRET;
  if (!secret) {
    logger.warn('AUTH_SECRET is not set: using a random secret for this run; sessions end when the gateway restarts');
    secret = randomBytes(32).toString('base64url');
  }
  return defaultConfig({
    production: env.NODE_ENV === 'production',
    baseURL: env.AUTH_BASE_URL ?? null,
    secret,
    trustedOrigins: env.AUTH_TRUSTED_ORIGINS,
    cookieCache: { enabled: env.AUTH_COOKIE_CACHE === 'on', maxAge: 300 },
    sessionStorage: { storage: env.AUTH_SESSION_STORAGE, redisUrl: env.REDIS_URL },
    requireEmailVerification: env.AUTH_REQUIRE_EMAIL_VERIFICATION === 'on',
    mail: mailSettings(env, logger),
    emailVerification: {
      sendOnSignUp: env.AUTH_SEND_VERIFICATION_ON_SIGN_UP === 'on',
      autoSignInAfterVerification: env.AUTH_AUTO_SIGN_IN_AFTER_VERIFICATION === 'on',
    },
    changeEmail: { enabled: env.AUTH_CHANGE_EMAIL === 'on' },
    deleteUser: { enabled: env.AUTH_DELETE_USER === 'on', sendDeleteAccountVerification: env.AUTH_DELETE_ACCOUNT_VERIFICATION === 'on' },
    trustedProxies: env.AUTH_TRUSTED_PROXIES,
    passwordScreening: env.AUTH_PASSWORD_SCREENING === 'on',
    hashing: { concurrency: env.AUTH_HASH_CONCURRENCY, queue: env.AUTH_HASH_QUEUE, priority: env.AUTH_HASH_PRIORITY },
    apiReference: { enabled: env.AUTH_API_REFERENCE === 'on', path: env.AUTH_API_REFERENCE_PATH },
    admin: { adminUserIds: env.AUTH_ADMIN_USER_IDS, allowImpersonatingAdmins: env.AUTH_ADMIN_ALLOW_IMPERSONATING_ADMINS === 'on' },
    providers: providersConfigFromEnv(env),
    organizations: {
      ...organizationsConfig({
        membershipLimit: env.AUTH_ORGANIZATION_MEMBERSHIP_LIMIT,
        organizationLimit: env.AUTH_ORGANIZATION_LIMIT ?? null,
        allowUserToCreateOrganization: env.AUTH_ALLOW_USER_TO_CREATE_ORGANIZATION === 'on',
        teams: { enabled: env.AUTH_ORGANIZATION_TEAMS === 'on' },
      }),
      webURL: env.AUTH_WEB_URL,
    },
    rateLimit: {
      // On in production, off in development and test unless AUTH_RATE_LIMIT=on.
      enabled: env.AUTH_RATE_LIMIT ? env.AUTH_RATE_LIMIT === 'on' : env.NODE_ENV === 'production',
      storage: env.AUTH_RATE_LIMIT_STORAGE ?? (env.REDIS_URL ? 'redis' : 'memory'),
      redisUrl: env.REDIS_URL,
      window: env.AUTH_RATE_LIMIT_WINDOW,
      max: env.AUTH_RATE_LIMIT_MAX,
      failedSignInMax: 10,
      failedSignInWindow: 900,
    },
  });
}

/** Resend when RESEND_API_KEY is set, else the development outbox (refused mail in production). */
function mailSettings(env: Env, logger: Logger): GatewayConfig['mail'] {
  if (!env.RESEND_API_KEY && env.NODE_ENV === 'production') {
    logger.warn('RESEND_API_KEY is not set: no mail can be sent (verification, password reset, change of email, deletion)');
  }
  if (!env.AUTH_BASE_URL && env.NODE_ENV === 'production') {
    logger.warn(`AUTH_BASE_URL is not set: mail links point at http://localhost:${env.PORT}`);
  }
  return {
    resend: env.RESEND_API_KEY ? { apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_BASE_URL } : null,
    from: env.MAIL_FROM,
    // Links are never built from the request's Host header: a forged one would leak tokens.
    linkBaseURL: env.AUTH_BASE_URL ?? `http://localhost:${env.PORT}`,
  };
}
