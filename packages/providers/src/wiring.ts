import { silentLogger, uuid, type Clock, type IdGenerator, type Logger } from '@tend/kernel';
import { ClaimUnverifiedAccount, PlaceholderEmails, type AccountRepository, type SignInCompletion, type UserEvents, type UserRepository, type VerificationRepository } from '@tend/identity';
import type { SessionManager } from '@tend/sessions';
import { DEFAULT_ACCOUNT_LINKING, DEFAULT_SOCIAL_SIGN_IN, type AccountLinkingConfig, type SocialSignInConfig } from './linking/account-linking.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './http/provider-http.js';
import { ProviderAccounts, type AccountClaims } from './linking/provider-accounts.js';
import { StoredTokens } from './linking/stored-tokens.js';
import type { ProviderLookup } from './oauth-provider.port.js';
import type { ProviderRoutesConfig } from './routes-config.js';
import { SignInStates } from './state/sign-in-states.js';
import { TokenCipher } from './token-cipher.js';
import { AccountInfo } from './use-cases/account-info.js';
import { GetAccessToken } from './use-cases/get-access-token.js';
import { HandleCallback } from './use-cases/handle-callback.js';
import { LinkSocial } from './use-cases/link-social.js';
import { ListAccounts } from './use-cases/list-accounts.js';
import { RefreshToken } from './use-cases/refresh-token.js';
import { SignInWithIdToken } from './use-cases/sign-in-with-id-token.js';
import { StartSocialSignIn } from './use-cases/start-social-sign-in.js';
import { UnlinkAccount } from './use-cases/unlink-account.js';

export interface ProviderUseCaseDeps {
  providers: ProviderLookup;
  users: UserRepository;
  accounts: AccountRepository;
  verifications: VerificationRepository;
  sessions: SessionManager;
  /** The one sign-in pipeline every provider sign-in ends in. */
  completion: Pick<SignInCompletion, 'admit' | 'complete'>;
  clock: Clock;
  /** The app secret (AUTH_SECRET): provider tokens are encrypted under a key derived from it. */
  secret: string;
  routes: ProviderRoutesConfig;
  signUpEnabled?: boolean;
  placeholderEmailDomain?: string | null;
  linking?: Partial<AccountLinkingConfig>;
  /** identity's events (the verification mail of a new, unverified user). */
  events?: UserEvents;
  /**
   * What runs before linking to an account whose email was never verified (identity's
   * ClaimUnverifiedAccount, audited by the host); by default one over `accounts` and `sessions`.
   */
  claims?: AccountClaims;
  /** The limit of one outbound provider call (the registry's), from which token refreshes size their lock. */
  providerTimeoutMs?: number;
  logger?: Logger;
  newId?: IdGenerator;
}

/** Every provider use case, wired from ports and configuration (for the gateway's container and for tests). */
export function createProviderUseCases(deps: ProviderUseCaseDeps) {
  const config: SocialSignInConfig = {
    linking: { ...DEFAULT_ACCOUNT_LINKING, ...deps.linking },
    signUpEnabled: deps.signUpEnabled ?? DEFAULT_SOCIAL_SIGN_IN.signUpEnabled,
    placeholderEmailDomain: deps.placeholderEmailDomain ?? null,
  };
  const newId = deps.newId ?? uuid;
  const cipher = new TokenCipher(deps.secret);
  const states = new SignInStates(deps.verifications, deps.clock, newId);
  const claims = deps.claims ?? new ClaimUnverifiedAccount({ accounts: deps.accounts, sessions: deps.sessions });
  const placeholders = new PlaceholderEmails(config.placeholderEmailDomain);
  const accounts = new ProviderAccounts(deps.users, deps.accounts, deps.completion, cipher, deps.clock, config, claims, deps.events, newId, placeholders);
  const lockTimeoutMs = 2 * (deps.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS) + 5_000;
  const tokens = new StoredTokens(deps.providers, deps.accounts, cipher, deps.clock, lockTimeoutMs);
  const startSocialSignIn = new StartSocialSignIn(deps.providers, states, deps.routes);
  return {
    startSocialSignIn,
    handleCallback: new HandleCallback(deps.providers, states, accounts, deps.routes, deps.logger ?? silentLogger),
    signInWithIdToken: new SignInWithIdToken(deps.providers, accounts),
    linkSocial: new LinkSocial(startSocialSignIn),
    unlinkAccount: new UnlinkAccount(deps.accounts, deps.sessions, config.linking),
    listAccounts: new ListAccounts(deps.accounts),
    getAccessToken: new GetAccessToken(tokens),
    refreshToken: new RefreshToken(tokens),
    accountInfo: new AccountInfo(deps.accounts, tokens),
    cipher,
  };
}

export type ProviderUseCases = ReturnType<typeof createProviderUseCases>;
