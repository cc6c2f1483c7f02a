// The provider variables of the environment: read from the record env.ts hands over (this file
// never touches process.env), each bad value reported as one `NAME: problem` line at start.
import { z } from 'zod';
import { isAuthError } from '@tend/kernel';
import {
  PROVIDER_IDS,
  envNameOf,
  isProviderId,
  providerEnvNames,
  providersSettingsFromEnv,
  validateProvidersSettings,
  type ProviderId,
  type ProvidersSettings,
} from '@tend/providers';
import type { ModuleSettings } from '../module.js';
import { onOff } from '../settings.js';
import { providersConfig, type ProvidersConfig } from './config.js';

declare module '../../config.js' {
  interface FeatureSettings {
    /** Sign-in with identity providers (AUTH_<ID>_*, AUTH_PROVIDER_*, AUTH_ACCOUNT_LINKING*): see docs/providers.md. */
    providers: ProvidersConfig;
  }
}

/** The general provider variables, validated with the rest of the environment. */
export const PROVIDERS_ENV = {
  AUTH_PROVIDER_URL_REWRITE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:4000' })
    .refine((value) => !new URL(value).search && !new URL(value).hash, 'must have no query or fragment')
    .optional(),
  AUTH_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(5000),
  AUTH_ACCOUNT_LINKING: onOff.default('on'),
  AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const ids = (value ?? '').split(/[\s,]+/).filter(Boolean);
      for (const id of ids.filter((entry) => !isProviderId(entry))) {
        ctx.addIssue({ code: 'custom', message: `unknown provider ${JSON.stringify(id)} (one of ${PROVIDER_IDS.join(', ')})` });
      }
      return ids;
    }),
  AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain such as users.tend.invalid')
    .transform((value) => value.toLowerCase())
    .optional(),
};

type ProvidersEnvValues = z.infer<z.ZodObject<typeof PROVIDERS_ENV>>;

/**
 * The AUTH_<ID>_* settings of every provider, each checked by the providers package's own rules;
 * a problem is a line naming the variable. Also refuses, in production, the URL rewrite (a test
 * seam) and enabled providers without AUTH_BASE_URL (their redirect URIs are built from it).
 */
export function readProviderSettings(source: Record<string, string | undefined>): { settings: ProvidersSettings; issues: string[] } {
  const settings: Record<string, unknown> = {};
  const issues: string[] = [];
  for (const id of PROVIDER_IDS) {
    const names = providerEnvNames().filter((entry) => entry.provider === id);
    const own = Object.fromEntries(names.map((entry) => [entry.env, source[entry.env]]));
    try {
      const read = providersSettingsFromEnv(own).providers[id];
      if (!read) continue;
      validateProvidersSettings({ [id]: read });
      settings[id] = read;
    } catch (error) {
      issues.push(describe(id, error));
    }
  }
  const production = source.NODE_ENV === 'production';
  if (production && source.AUTH_PROVIDER_URL_REWRITE) issues.push('AUTH_PROVIDER_URL_REWRITE: is a test seam, refused in production');
  const enabled = Object.keys(validateQuietly(settings));
  if (production && enabled.length && !source.AUTH_BASE_URL) {
    issues.push(`AUTH_BASE_URL: is required in production when identity providers are enabled (${enabled.join(', ')}): redirect URIs are <AUTH_BASE_URL>/api/auth/callback/<id>`);
  }
  return { settings: settings as ProvidersSettings, issues };
}

/** The providers section of the gateway configuration. */
export function providersConfigFromEnv(env: ProvidersEnvValues & { providerSettings: ProvidersSettings }): ProvidersConfig {
  return providersConfig({
    settings: env.providerSettings,
    urlRewrite: env.AUTH_PROVIDER_URL_REWRITE ?? null,
    timeoutMs: env.AUTH_PROVIDER_TIMEOUT_MS,
    linking: { enabled: env.AUTH_ACCOUNT_LINKING === 'on', trustedProviders: env.AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS },
    placeholderEmailDomain: env.AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN ?? null,
  });
}

function validateQuietly(settings: Record<string, unknown>): Record<string, unknown> {
  try {
    return validateProvidersSettings(settings);
  } catch {
    return {};
  }
}

/** One provider's configuration error as `VARIABLE: problem`. */
function describe(id: ProviderId, error: unknown): string {
  const clientId = envNameOf(id, 'clientId');
  const clientSecret = envNameOf(id, 'clientSecret');
  if (!isAuthError(error)) return `AUTH_${id.toUpperCase()}_*: ${error instanceof Error ? error.message : String(error)}`;
  if (error.code === 'CLIENT_ID_AND_SECRET_REQUIRED') return `${clientSecret}: ${clientId} and ${clientSecret} go together (both set enables ${id})`;
  const setting = typeof error.details?.setting === 'string' ? error.details.setting : null;
  if (setting) {
    const kind = providerEnvNames().find((entry) => entry.env === setting)?.kind;
    return `${setting}: ${kind === 'boolean' ? 'must be true, false, 1 or 0' : kind === 'integer' ? 'must be a whole number' : 'is not valid'}`;
  }
  const reason = typeof error.details?.reason === 'string' ? error.details.reason : '';
  const invalid = /^invalid (\w+)$/.exec(reason);
  if (invalid?.[1]) return `${envNameOf(id, invalid[1])}: is not an accepted value (see docs/providers.md)`;
  return `AUTH_${id.toUpperCase()}_*: ${reason || error.message}`;
}

/** Every AUTH_<ID>_* variable, as text: checked per provider by `readProviderSettings`. */
const PER_PROVIDER_ENV = Object.fromEntries(providerEnvNames().map(({ env }) => [env, z.string().optional()]));

/** The providers module's variables and settings. */
export const providersSettings: ModuleSettings<'providers'> = {
  key: 'providers',
  env: { ...PROVIDERS_ENV, ...PER_PROVIDER_ENV },
  check: (source) => readProviderSettings(source).issues,
  fromEnv: (values) =>
    providersConfigFromEnv({ ...(values as ProvidersEnvValues), providerSettings: readProviderSettings(values as Record<string, string | undefined>).settings }),
};
