/** The 18 identity providers of the spec (section 7, External providers). */
export const PROVIDER_IDS = [
  'apple',
  'discord',
  'facebook',
  'github',
  'microsoft',
  'google',
  'spotify',
  'twitch',
  'twitter',
  'dropbox',
  'kick',
  'linkedin',
  'gitlab',
  'tiktok',
  'reddit',
  'roblox',
  'vk',
  'zoom',
] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

/** What a token endpoint answered, normalised. Tokens here are plaintext: never log them. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  tokenType: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  /** The granted scopes when the provider says (empty when it does not). */
  scopes: string[];
  /** The whole JSON answer, for provider-specific fields (VK's user_id, TikTok's open_id). */
  raw: Record<string, unknown>;
}

/** The tokens a profile lookup may use: from a code exchange, storage, or an id-token sign-in. */
export interface ProfileTokens {
  accessToken?: string | null;
  idToken?: string | null;
  refreshToken?: string | null;
  /** Apple posts the user's name once, as JSON in the callback's `user` field. */
  user?: unknown;
}

/** The user as a provider describes them. `email` is null when the provider shares none. */
export interface ProviderUser {
  id: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  image: string | null;
}

export interface ProviderProfile {
  user: ProviderUser;
  /** The provider's own profile, as received. */
  data: Record<string, unknown>;
}

export interface AuthorizationRequest {
  state: string;
  /** 128 characters; sent as an S256 challenge to the providers that support PKCE. */
  codeVerifier: string;
  /** Requested on top of the provider's default scopes. */
  scopes?: string[];
  /** `<auth base>/callback/<id>` */
  redirectURI: string;
  loginHint?: string;
}

export interface AuthorizationURL {
  /** Where to send the browser (already passed through the URL rewrite, when one is set). */
  url: URL;
  /** Every scope asked for (defaults plus requested). */
  scopes: string[];
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectURI: string;
  /** VK ID returns a device id with the code and wants it back. */
  deviceId?: string;
}

/**
 * One identity provider. Every method turns a provider failure (network, timeout, non-2xx,
 * malformed answer) into a catalogued AuthError; none throws anything else.
 */
export interface OAuthProvider {
  readonly id: ProviderId;
  readonly name: string;
  readonly defaultScopes: readonly string[];
  createAuthorizationURL(request: AuthorizationRequest): Promise<AuthorizationURL>;
  validateAuthorizationCode(exchange: CodeExchange): Promise<OAuthTokens>;
  /** Absent when the provider cannot refresh tokens. */
  refreshAccessToken?(refreshToken: string): Promise<OAuthTokens>;
  /** The profile, or null when the provider gives no usable user (VK without email, locked GitLab user). */
  getUserInfo(tokens: ProfileTokens): Promise<ProviderProfile | null>;
  /**
   * Whether an id token was issued by this provider for this client (issuer, audience, expiry,
   * signature, nonce). Absent when the provider has no id-token sign-in.
   */
  verifyIdToken?(token: string, nonce?: string): Promise<boolean>;
}

/** The configured providers, by id. */
export interface ProviderLookup {
  get(id: string): OAuthProvider | null;
  /** Whether sign-up through this provider is allowed at all, and without an explicit request. */
  signUpPolicy(id: string): { disableSignUp: boolean; disableImplicitSignUp: boolean };
}
