import { raise } from '@tend/kernel';
import type { ProvidersSettings } from './config.js';
import { PROVIDER_ERRORS } from './error-codes.js';
import { PROVIDER_IDS, type ProviderId } from './oauth-provider.port.js';

type Kind = 'text' | 'list' | 'boolean' | 'integer';

const COMMON: Record<string, Kind> = {
  clientId: 'text',
  clientSecret: 'text',
  scopes: 'list',
  disableSignUp: 'boolean',
  disableImplicitSignUp: 'boolean',
  disableIdTokenSignIn: 'boolean',
};

/** The extra settings of each provider and how their environment values read. */
const EXTRA: Record<ProviderId, Record<string, Kind>> = {
  apple: { appBundleIdentifier: 'text', audience: 'list' },
  discord: { prompt: 'text' },
  facebook: { fields: 'list', configId: 'text' },
  github: {},
  microsoft: { tenantId: 'text', authority: 'text', profilePhotoSize: 'integer', disableProfilePhoto: 'boolean' },
  google: { accessType: 'text', hd: 'text', prompt: 'text' },
  spotify: {},
  twitch: { claims: 'list' },
  twitter: {},
  dropbox: { accessType: 'text' },
  kick: {},
  linkedin: {},
  gitlab: { issuer: 'text' },
  tiktok: {},
  reddit: { duration: 'text' },
  roblox: { prompt: 'text' },
  vk: {},
  zoom: { pkce: 'boolean' },
};

/** `AUTH_<ID>_<SETTING>`: `envNameOf('microsoft', 'tenantId')` is `AUTH_MICROSOFT_TENANT_ID`. */
export function envNameOf(provider: ProviderId, setting: string): string {
  return `AUTH_${provider.toUpperCase()}_${setting.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Every provider setting with its environment variable name (documentation, the gateway's env schema). */
export function providerEnvNames(): Array<{ provider: ProviderId; setting: string; env: string; kind: Kind }> {
  return PROVIDER_IDS.flatMap((provider) =>
    Object.entries({ ...COMMON, ...EXTRA[provider] }).map(([setting, kind]) => ({ provider, setting, env: envNameOf(provider, setting), kind })),
  );
}

export interface ProvidersEnv {
  providers: ProvidersSettings;
  /** AUTH_PROVIDER_URL_REWRITE */
  urlRewrite?: string;
  /** AUTH_PROVIDER_TIMEOUT_MS */
  timeoutMs?: number;
  /** AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS */
  trustedProviders: string[];
}

/**
 * Reads the provider settings out of an environment-like record (the gateway passes its
 * validated env; this never reads the process environment). Lists are comma- or space-separated, booleans
 * `true`/`false`/`1`/`0`. Values are checked again by ProviderRegistry.
 */
export function providersSettingsFromEnv(env: Record<string, string | undefined>): ProvidersEnv {
  const providers: Record<string, Record<string, unknown>> = {};
  for (const { provider, setting, env: name, kind } of providerEnvNames()) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    (providers[provider] ??= {})[setting] = read(name, raw, kind);
  }
  const timeout = env.AUTH_PROVIDER_TIMEOUT_MS?.trim();
  const trusted = env.AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS?.trim();
  return {
    providers: providers as ProvidersSettings,
    urlRewrite: env.AUTH_PROVIDER_URL_REWRITE?.trim() || undefined,
    timeoutMs: timeout ? (read('AUTH_PROVIDER_TIMEOUT_MS', timeout, 'integer') as number) : undefined,
    trustedProviders: trusted ? (read('AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS', trusted, 'list') as string[]) : [],
  };
}

function read(name: string, raw: string, kind: Kind): unknown {
  switch (kind) {
    case 'text':
      return raw;
    case 'list':
      return raw.split(/[\s,]+/).filter(Boolean);
    case 'boolean':
      if (['true', '1'].includes(raw.toLowerCase())) return true;
      if (['false', '0'].includes(raw.toLowerCase())) return false;
      throw raise(PROVIDER_ERRORS.INVALID_PROVIDER_CONFIGURATION, { setting: name });
    case 'integer':
      if (!/^\d+$/.test(raw)) throw raise(PROVIDER_ERRORS.INVALID_PROVIDER_CONFIGURATION, { setting: name });
      return Number(raw);
  }
}
