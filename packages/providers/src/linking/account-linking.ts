/** The account-linking rules of spec section 4, as configuration. */
export interface AccountLinkingConfig {
  /** Link a provider account to an existing user of the same email at all (default true). */
  enabled: boolean;
  /** AUTH_ACCOUNT_LINKING_TRUSTED_PROVIDERS: linked even when they do not vouch for the email. */
  trustedProviders: string[];
  /** Link a provider account whose email differs from the user's (link-social only; default false). */
  allowDifferentEmails: boolean;
  /** Let a user unlink their last account (default false: "You can't unlink your last account"). */
  allowUnlinkingAll: boolean;
}

export const DEFAULT_ACCOUNT_LINKING: AccountLinkingConfig = {
  enabled: true,
  trustedProviders: [],
  allowDifferentEmails: false,
  allowUnlinkingAll: false,
};

/** What provider sign-in may do besides signing in known users. */
export interface SocialSignInConfig {
  linking: AccountLinkingConfig;
  /** Create users on first provider sign-in (default true). */
  signUpEnabled: boolean;
  /**
   * Reddit, Roblox and TikTok (and Twitter without a confirmed email) share no email address.
   * They sign up with a placeholder address (unverified, never mailed, never linked to):
   * `<id>@<provider>.placeholder.invalid` by default. With a domain set, every provider's user
   * without an email gets `<provider>-<id>@<domain>`; without one, the others end with
   * email_not_found.
   */
  placeholderEmailDomain: string | null;
}

/** Providers that share no email address by design (Twitter only a confirmed one, when it has one). */
export const PROVIDERS_WITHOUT_EMAIL: readonly string[] = ['tiktok', 'reddit', 'roblox', 'twitter'];

export const DEFAULT_SOCIAL_SIGN_IN: SocialSignInConfig = {
  linking: DEFAULT_ACCOUNT_LINKING,
  signUpEnabled: true,
  placeholderEmailDomain: null,
};

/** Whether an existing user may get this provider account linked (spec section 4). */
export function mayLink(config: AccountLinkingConfig, providerId: string, emailVerifiedByProvider: boolean): boolean {
  return config.enabled && (config.trustedProviders.includes(providerId) || emailVerifiedByProvider);
}
