import { isAuthError, silentLogger, type ErrorDefinition, type Logger } from '@tend/kernel';
import type { User } from '@tend/identity';
import { UNKNOWN_CLIENT, type SignInClient, type SignInOutcome } from '@tend/identity';
import { CallbackError } from '../callback-error.js';
import { CALLBACK_ERRORS } from '../error-codes.js';
import type { ProviderAccounts } from '../linking/provider-accounts.js';
import type { OAuthProvider, OAuthTokens, ProviderLookup, ProviderProfile } from '../oauth-provider.port.js';
import { defaultErrorURLOf, redirectURIOf, type ProviderRoutesConfig } from '../routes-config.js';
import type { SignInState, SignInStates } from '../state/sign-in-states.js';

export interface HandleCallbackInput {
  /** The `{id}` of /callback/{id}. */
  providerId: string;
  /** From the query (GET) or the body (POST). */
  state?: string | null;
  code?: string | null;
  /** The provider's own error (`access_denied`), with its description. */
  error?: string | null;
  errorDescription?: string | null;
  /** VK ID's `device_id`. */
  deviceId?: string | null;
  /** Apple's `user` field (JSON with the name, sent on first consent only). */
  user?: string | null;
  /** The browser binding from the signed cookie set at the start (null when absent or forged). */
  binding: string | null;
  /** Body field of the callback: ask for sign-up even when the provider signs up on request only. */
  requestSignUp?: boolean;
  /** The browser's facts for the sign-in (address, agent, sign-in marks); unknown when left out. */
  client?: SignInClient;
}

export type HandleCallbackOutput =
  | { outcome: 'signed-in'; signIn: SignInOutcome; user: User; isNewUser: boolean; redirectTo: string }
  | { outcome: 'linked'; user: User; redirectTo: string };

/**
 * GET/POST /callback/{id}: the provider sent the browser back. Consumes the state (once), trades
 * the code for tokens, reads the profile and signs in, signs up or links (spec section 4).
 * Every failure is a CallbackError whose `redirectTo` is the error page with the spec's code.
 */
export class HandleCallback {
  constructor(
    private readonly providers: ProviderLookup,
    private readonly states: SignInStates,
    private readonly accounts: ProviderAccounts,
    private readonly config: ProviderRoutesConfig,
    private readonly logger: Logger = silentLogger,
  ) {}

  async execute(input: HandleCallbackInput): Promise<HandleCallbackOutput> {
    const defaultErrorURL = defaultErrorURLOf(this.config);
    if (!input.state) throw new CallbackError(CALLBACK_ERRORS.STATE_NOT_FOUND, defaultErrorURL);
    const state = await this.states.consume(input.state, input.binding);
    if (!state || state.providerId !== input.providerId) throw new CallbackError(CALLBACK_ERRORS.PLEASE_RESTART_THE_PROCESS, defaultErrorURL);

    const errorURL = state.errorURL ?? defaultErrorURL;
    const fail = (definition: ErrorDefinition) => new CallbackError(definition, errorURL);
    if (input.error) {
      throw new CallbackError(CALLBACK_ERRORS.PROVIDER_ERROR, errorURL, {
        redirectCode: sanitize(input.error) || 'provider_error',
        description: input.errorDescription ? input.errorDescription.slice(0, 200) : undefined,
      });
    }
    if (!input.code) throw fail(CALLBACK_ERRORS.NO_CODE);
    const provider = this.providers.get(input.providerId);
    if (!provider) throw fail(CALLBACK_ERRORS.OAUTH_PROVIDER_NOT_FOUND);

    const tokens = await this.exchange(provider, input.code, state, input.deviceId ?? undefined).catch((error: unknown) => {
      this.logFailure('code exchange failed', provider.id, error);
      throw fail(CALLBACK_ERRORS.INVALID_CODE);
    });
    const profile = await this.profile(provider, tokens, input.user).catch((error: unknown) => {
      this.logFailure('profile lookup failed', provider.id, error);
      throw fail(CALLBACK_ERRORS.UNABLE_TO_GET_USER_INFO);
    });
    if (!profile) throw fail(CALLBACK_ERRORS.UNABLE_TO_GET_USER_INFO);
    if (!state.callbackURL) throw fail(CALLBACK_ERRORS.NO_CALLBACK_URL);

    const toStore = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      idToken: tokens.idToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
      scopes: tokens.scopes.length > 0 ? tokens.scopes : state.scopes,
    };
    try {
      if (state.link) {
        const user = await this.accounts.link({ providerId: provider.id, profile: profile.user, tokens: toStore, link: state.link });
        return { outcome: 'linked', user, redirectTo: state.callbackURL };
      }
      const policy = this.providers.signUpPolicy(provider.id);
      const requestSignUp = state.requestSignUp || input.requestSignUp === true;
      const result = await this.accounts.signIn({
        providerId: provider.id,
        profile: profile.user,
        tokens: toStore,
        disableSignUp: policy.disableSignUp || (policy.disableImplicitSignUp && !requestSignUp),
        method: 'social',
        callbackURL: state.callbackURL,
        newUserCallbackURL: state.newUserURL ?? undefined,
        client: input.client ?? UNKNOWN_CLIENT,
      });
      return { outcome: 'signed-in', ...result, redirectTo: result.signIn.proof.next ?? state.callbackURL };
    } catch (error) {
      throw this.outcomeError(error, errorURL);
    }
  }

  private exchange(provider: OAuthProvider, code: string, state: SignInState, deviceId: string | undefined): Promise<OAuthTokens> {
    return provider.validateAuthorizationCode({ code, codeVerifier: state.codeVerifier, redirectURI: redirectURIOf(this.config, provider.id), deviceId });
  }

  private profile(provider: OAuthProvider, tokens: OAuthTokens, user: string | null | undefined): Promise<ProviderProfile | null> {
    return provider.getUserInfo({ accessToken: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken, user: user ?? undefined });
  }

  /** The linking outcomes as redirects; a ban is `banned`; anything unexpected restarts the process. */
  private outcomeError(error: unknown, errorURL: string): CallbackError {
    if (!isAuthError(error)) {
      this.logger.error('provider sign-in failed', { error: error instanceof Error ? error.message : 'unknown' });
      return new CallbackError(CALLBACK_ERRORS.PLEASE_RESTART_THE_PROCESS, errorURL);
    }
    if (error.code === 'BANNED_USER') return new CallbackError(CALLBACK_ERRORS.BANNED, errorURL);
    const known = Object.values(CALLBACK_ERRORS).find((definition) => definition.code === error.code);
    return new CallbackError(known ?? CALLBACK_ERRORS.PLEASE_RESTART_THE_PROCESS, errorURL);
  }

  private logFailure(message: string, providerId: string, error: unknown): void {
    this.logger.warn(message, { provider: providerId, code: isAuthError(error) ? error.code : error instanceof Error ? error.name : 'unknown' });
  }
}

/** A provider's error code, kept to the characters OAuth error codes use. */
function sanitize(code: string): string {
  return code.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64);
}
