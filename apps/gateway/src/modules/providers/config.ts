import { DEFAULT_PROVIDER_TIMEOUT_MS, type ProvidersSettings } from '@tend/providers';

/** Sign-in with identity providers: which are enabled and how their accounts link (GatewayConfig.providers). */
export interface ProvidersConfig {
  /** By provider id (AUTH_<ID>_*); a provider is enabled when its client id and secret are both set. */
  settings: ProvidersSettings;
  /** AUTH_PROVIDER_URL_REWRITE: test seam, every provider URL `https://HOST/PATH?Q` goes to `<rewrite>/HOST/PATH?Q`. */
  urlRewrite: string | null;
  /** AUTH_PROVIDER_TIMEOUT_MS: limit of every outbound provider call, body included. */
  timeoutMs: number;
  linking: {
    /** AUTH_ACCOUNT_LINKING: link a provider account to an existing user of the same email at all. */
    enabled: boolean;
    /** AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: linked even when they do not vouch for the email. */
    trustedProviders: string[];
  };
  /** Create users on a first provider sign-in (per provider: AUTH_<ID>_DISABLE_SIGN_UP). */
  signUpEnabled: boolean;
  /**
   * AUTH_PROVIDER_PLACEHOLDER_EMAIL_DOMAIN: users of providers that share no email (Reddit, Roblox,
   * TikTok) sign up as `<provider>-<id>@<domain>`; null: as `<id>@<provider>.placeholder.invalid`.
   */
  placeholderEmailDomain: string | null;
}

/** The providers section with its defaults: none enabled, linking on, 5-second calls. */
export function providersConfig(overrides: Partial<ProvidersConfig> = {}): ProvidersConfig {
  return {
    settings: {},
    urlRewrite: null,
    timeoutMs: DEFAULT_PROVIDER_TIMEOUT_MS,
    linking: { enabled: true, trustedProviders: [] },
    signUpEnabled: true,
    placeholderEmailDomain: null,
    ...overrides,
  };
}
