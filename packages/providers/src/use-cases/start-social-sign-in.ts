import { raise } from '@tend/kernel';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { ProviderLookup } from '../oauth-provider.port.js';
import { redirectURIOf, type ProviderRoutesConfig } from '../routes-config.js';
import { newBinding, newCodeVerifier, newStateId, type SignInStates } from '../state/sign-in-states.js';

export interface StartSocialSignInInput {
  provider: string;
  callbackURL?: string;
  newUserCallbackURL?: string;
  errorCallbackURL?: string;
  /** Asked for on top of the provider's default scopes. */
  scopes?: string[];
  /** Create the user even when the provider only signs up on request (disableImplicitSignUp). */
  requestSignUp?: boolean;
  loginHint?: string;
  disableRedirect?: boolean;
  /** Set by LinkSocial: the signed-in user the provider account will be linked to. */
  link?: { userId: string; email: string };
  /**
   * The browser binding: the gateway keeps it in a signed cookie and hands it back on the
   * callback, so a state only works in the browser that started the flow. Generated when absent.
   */
  binding?: string;
}

export interface StartSocialSignInOutput {
  /** The provider's authorization URL (through the URL rewrite when one is set). */
  url: string;
  /** The 32-character state id the provider will echo. */
  state: string;
  /** The binding value to set in the browser (the input's, or a new one). */
  binding: string;
  /** Whether the client should navigate to `url` (false with disableRedirect). */
  redirect: boolean;
}

/**
 * POST /sign-in/social without an id token (and the start of POST /link-social): stores the
 * sign-in state (10 minutes) and answers the provider's authorization URL. The gateway checks
 * the URLs against the trusted origins before calling this.
 */
export class StartSocialSignIn {
  constructor(
    private readonly providers: ProviderLookup,
    private readonly states: SignInStates,
    private readonly config: ProviderRoutesConfig,
  ) {}

  async execute(input: StartSocialSignInInput): Promise<StartSocialSignInOutput> {
    const provider = this.providers.get(input.provider);
    if (!provider) throw raise(PROVIDER_ERRORS.PROVIDER_NOT_FOUND);
    const callbackURL = input.callbackURL || this.config.defaultCallbackURL;
    if (!callbackURL) throw raise(PROVIDER_ERRORS.CALLBACKURL_IS_REQUIRED);

    const state = newStateId();
    const codeVerifier = newCodeVerifier();
    const binding = input.binding || newBinding();
    const { url, scopes } = await provider.createAuthorizationURL({
      state,
      codeVerifier,
      scopes: input.scopes,
      redirectURI: redirectURIOf(this.config, provider.id),
      loginHint: input.loginHint,
    });
    await this.states.create(
      state,
      {
        providerId: provider.id,
        codeVerifier,
        callbackURL,
        errorURL: input.errorCallbackURL ?? null,
        newUserURL: input.newUserCallbackURL ?? null,
        link: input.link ?? null,
        requestSignUp: input.requestSignUp === true,
        scopes,
      },
      binding,
    );
    return { url: url.toString(), state, binding, redirect: !input.disableRedirect };
  }
}
