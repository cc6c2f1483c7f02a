// Sign-in with identity providers: the OAuthProvider port, one adapter per provider, the
// sign-in/link state machine and the token routes' use cases.
export {
  PROVIDER_IDS,
  isProviderId,
  type ProviderId,
  type OAuthProvider,
  type OAuthTokens,
  type ProfileTokens,
  type ProviderUser,
  type ProviderProfile,
  type AuthorizationRequest,
  type AuthorizationURL,
  type CodeExchange,
  type ProviderLookup,
} from './oauth-provider.port.js';
export { PROVIDER_ERRORS, CALLBACK_ERRORS, jwkNotFound, redirectCodeOf } from './error-codes.js';
export { CallbackError, isCallbackError } from './callback-error.js';
export {
  validateProvidersSettings,
  MICROSOFT_PHOTO_SIZES,
  type CommonProviderSettings,
  type ProviderSettingsMap,
  type ProvidersSettings,
  type EnabledSettings,
  type MicrosoftPhotoSize,
} from './config.js';
export { ProviderRegistry, type ProvidersOptions } from './providers/registry.js';
export { ProviderHttp, DEFAULT_PROVIDER_TIMEOUT_MS, type ProviderHttpOptions } from './http/provider-http.js';
export { RemoteKeySet, KEY_SET_CACHE_MAX_AGE_MS, KEY_SET_COOLDOWN_MS } from './http/remote-key-set.js';
export { TokenCipher } from './token-cipher.js';
export { redirectURIOf, defaultErrorURLOf, type ProviderRoutesConfig } from './routes-config.js';
export {
  SignInStates,
  newStateId,
  newCodeVerifier,
  newBinding,
  STATE_LENGTH,
  CODE_VERIFIER_LENGTH,
  STATE_EXPIRES_IN_MS,
  BINDING_LENGTH,
  type SignInState,
} from './state/sign-in-states.js';
export {
  DEFAULT_ACCOUNT_LINKING,
  DEFAULT_SOCIAL_SIGN_IN,
  mayLink,
  PROVIDERS_WITHOUT_EMAIL,
  type AccountLinkingConfig,
  type SocialSignInConfig,
} from './linking/account-linking.js';
export { ProviderAccounts, type AccountClaims, type TokensToStore, type ProviderSignInOutcome, type ProviderSignIn } from './linking/provider-accounts.js';
export { StoredTokens, REFRESH_MARGIN_MS, type AccessTokenResult, type RefreshedTokens } from './linking/stored-tokens.js';
export { StartSocialSignIn, type StartSocialSignInInput, type StartSocialSignInOutput } from './use-cases/start-social-sign-in.js';
export { HandleCallback, type HandleCallbackInput, type HandleCallbackOutput } from './use-cases/handle-callback.js';
export { SignInWithIdToken, type SignInWithIdTokenInput } from './use-cases/sign-in-with-id-token.js';
export { LinkSocial, type LinkSocialInput } from './use-cases/link-social.js';
export { UnlinkAccount, type UnlinkAccountInput } from './use-cases/unlink-account.js';
export { ListAccounts, type ListedAccount } from './use-cases/list-accounts.js';
export { GetAccessToken, type ProviderTokenInput } from './use-cases/get-access-token.js';
export { RefreshToken } from './use-cases/refresh-token.js';
export { AccountInfo, type AccountInfoInput } from './use-cases/account-info.js';
export { createProviderUseCases, type ProviderUseCaseDeps, type ProviderUseCases } from './wiring.js';
export { providersSettingsFromEnv, providerEnvNames, envNameOf, type ProvidersEnv } from './env-settings.js';
