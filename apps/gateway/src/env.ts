// The one place that reads the environment: every variable validated with zod at start,
// with a clear message for each bad value.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '@tend/kernel';
import { defaultConfig, type FeatureSettings, type GatewayConfig } from './config.js';
import { MODULES, type GatewayModule } from './modules/index.js';
import { onOff, SettingsError } from './modules/settings.js';

const origin = z
  .string()
  .trim()
  .min(1, 'an empty trusted origin is not allowed')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) origin such as https://app.example.com')
  .transform((value) => new URL(value).origin);

/** The platform's variables; each module adds its own (GatewayModule.settings). */
const PLATFORM_ENV = {
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
  // Operations: log level (pino), the scheduled cleanup's interval in seconds (0: off), how long
  // a stopping gateway keeps serving with readiness 503 before it stops listening (see
  // docs/deploy.md), and how long it may then take before it gives up waiting and exits 1.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_CLEANUP_INTERVAL: z.coerce.number().int().min(0).max(604_800).default(3600),
  AUTH_SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
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
  AUTH_WEB_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.tend.example' })
    .transform((value) => value.replace(/\/+$/, ''))
    // Unset: http://localhost:3001 (configFromEnv), with a warning in production.
    .optional(),
};

type PlatformEnv = z.infer<z.ZodObject<typeof PLATFORM_ENV>>;

/** The platform's variables with every module's, and the rules that span several variables. */
function envSchemaOf(modules: readonly GatewayModule[]) {
  const shape: z.ZodRawShape = { ...PLATFORM_ENV };
  for (const module of modules) Object.assign(shape, module.settings?.env ?? {});
  return z.object(shape).superRefine((parsed, ctx) => {
    const env = parsed as PlatformEnv;
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production (at least 32 random characters)' });
    }
    if (env.AUTH_RATE_LIMIT_STORAGE === 'redis' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_RATE_LIMIT_STORAGE'], message: 'redis storage needs REDIS_URL' });
    }
    if (env.AUTH_SESSION_STORAGE === 'redis' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SESSION_STORAGE'], message: 'redis storage needs REDIS_URL' });
    }
    if (env.AUTH_SHUTDOWN_TIMEOUT_MS <= env.AUTH_SHUTDOWN_DRAIN_MS) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SHUTDOWN_TIMEOUT_MS'], message: 'must be longer than AUTH_SHUTDOWN_DRAIN_MS (idle connections are closed that long after the drain)' });
    }
    if (!!env.AUTH_BOOTSTRAP_ADMIN_EMAIL !== !!env.AUTH_BOOTSTRAP_ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_BOOTSTRAP_ADMIN_PASSWORD'], message: 'AUTH_BOOTSTRAP_ADMIN_EMAIL and AUTH_BOOTSTRAP_ADMIN_PASSWORD go together' });
    }
  });
}

/** The parsed environment: the platform's variables, typed, and every module's, by name. */
export type Env = PlatformEnv & { readonly values: Readonly<Record<string, unknown>> };

export class EnvError extends Error {}

const problems = (lines: string[]) => new EnvError(`Invalid environment:\n${lines.map((line) => `  ${line}`).join('\n')}`);

/** Parses the environment (the platform's variables and every module's); throws an EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>, modules: readonly GatewayModule[] = MODULES): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchemaOf(modules).safeParse(cleaned);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  // Checks a module makes over the raw variables (variables it names by pattern, like AUTH_<ID>_*).
  for (const module of modules) lines.push(...(module.settings?.check?.(cleaned) ?? []));
  if (!parsed.success || lines.length) throw problems(lines);
  return { ...(parsed.data as PlatformEnv), values: parsed.data };
}

/** The web app's URL when AUTH_WEB_URL is unset (`pnpm start` sets it to the web app's own). */
const DEFAULT_WEB_URL = 'http://localhost:3001';

/** The gateway configuration of an environment. A missing secret outside production is generated, with a warning. */
export function configFromEnv(env: Env, logger: Logger, modules: readonly GatewayModule[] = MODULES): GatewayConfig {
  let secret = env.AUTH_SECRET;
  if (!secret) {
    logger.warn('AUTH_SECRET is not set: using a random secret for this run; sessions end when the gateway restarts');
    secret = randomBytes(32).toString('base64url');
  }
  const config = defaultConfig({
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
    webURL: env.AUTH_WEB_URL ?? DEFAULT_WEB_URL,
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
  return { ...config, features: featuresFromEnv(env, config, modules) };
}

/** Every module's settings from its variables; a module's refusal is reported like a bad variable. */
function featuresFromEnv(env: Env, config: GatewayConfig, modules: readonly GatewayModule[]): Partial<FeatureSettings> {
  const features: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const { settings } of modules) {
    if (!settings) continue;
    try {
      features[settings.key] = settings.fromEnv(env.values, config);
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      lines.push(...error.lines);
    }
  }
  if (lines.length) throw problems(lines);
  return features as Partial<FeatureSettings>;
}

/** Resend when RESEND_API_KEY is set, else the development outbox (refused mail in production). */
function mailSettings(env: Env, logger: Logger): GatewayConfig['mail'] {
  if (!env.RESEND_API_KEY && env.NODE_ENV === 'production') {
    logger.warn('RESEND_API_KEY is not set: no mail can be sent (verification, password reset, change of email, deletion)');
  }
  if (!env.AUTH_BASE_URL && env.NODE_ENV === 'production') {
    logger.warn(`AUTH_BASE_URL is not set: mail links point at http://localhost:${env.PORT}`);
  }
  if (!env.AUTH_WEB_URL && env.NODE_ENV === 'production') {
    logger.warn(`AUTH_WEB_URL is not set: invitation links and sign-in pages point at ${DEFAULT_WEB_URL}`);
  }
  return {
    resend: env.RESEND_API_KEY ? { apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_BASE_URL } : null,
    from: env.MAIL_FROM,
    // Links are never built from the request's Host header: a forged one would leak tokens.
    linkBaseURL: env.AUTH_BASE_URL ?? `http://localhost:${env.PORT}`,
  };
}
