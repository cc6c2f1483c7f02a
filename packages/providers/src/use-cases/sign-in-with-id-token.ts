import { hasCode, raise } from '@tend/kernel';
import { UNKNOWN_CLIENT, type SignInClient } from '@tend/identity';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { ProviderAccounts, ProviderSignInOutcome } from '../linking/provider-accounts.js';
import type { ProviderLookup, ProviderProfile } from '../oauth-provider.port.js';

export interface SignInWithIdTokenInput {
  provider: string;
  idToken: {
    token: string;
    nonce?: string;
    accessToken?: string;
    refreshToken?: string;
    /** When the access token expires, in epoch milliseconds. */
    expiresAt?: number;
  };
  requestSignUp?: boolean;
  callbackURL?: string;
  /** The app's facts for the sign-in (address, agent, sign-in marks); unknown when left out. */
  client?: SignInClient;
}

/**
 * POST /sign-in/social with an idToken (native apps, Google One Tap): the token is verified by
 * its provider's rules (issuer, audience = client id, expiry, signature from the key set, nonce;
 * Apple under an hour old; Google through token-info), then the linking rules sign in, link or
 * sign up as in the redirect flow, ending at the sign-in completion; no redirect.
 */
export class SignInWithIdToken {
  constructor(
    private readonly providers: ProviderLookup,
    private readonly accounts: ProviderAccounts,
  ) {}

  async execute(input: SignInWithIdTokenInput): Promise<ProviderSignInOutcome> {
    const provider = this.providers.get(input.provider);
    if (!provider) throw raise(PROVIDER_ERRORS.PROVIDER_NOT_FOUND);
    if (!provider.verifyIdToken) throw raise(PROVIDER_ERRORS.ID_TOKEN_NOT_SUPPORTED);
    const { token, nonce, accessToken, refreshToken, expiresAt } = input.idToken;
    if (!(await provider.verifyIdToken(token, nonce))) throw raise(PROVIDER_ERRORS.INVALID_TOKEN);

    let profile: ProviderProfile | null;
    try {
      profile = await provider.getUserInfo({ idToken: token, accessToken: accessToken ?? null, refreshToken: refreshToken ?? null });
    } catch {
      throw raise(PROVIDER_ERRORS.FAILED_TO_GET_USER_INFO);
    }
    if (!profile) throw raise(PROVIDER_ERRORS.FAILED_TO_GET_USER_INFO);

    const policy = this.providers.signUpPolicy(provider.id);
    try {
      return await this.accounts.signIn({
        providerId: provider.id,
        profile: profile.user,
        tokens: {
          accessToken: accessToken ?? null,
          refreshToken: refreshToken ?? null,
          idToken: token,
          accessTokenExpiresAt: typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? new Date(expiresAt) : null,
          refreshTokenExpiresAt: null,
          scopes: [],
        },
        disableSignUp: policy.disableSignUp || (policy.disableImplicitSignUp && input.requestSignUp !== true),
        method: 'id-token',
        callbackURL: input.callbackURL,
        client: input.client ?? UNKNOWN_CLIENT,
      });
    } catch (error) {
      if (hasCode(error, 'EMAIL_NOT_FOUND')) throw raise(PROVIDER_ERRORS.USER_EMAIL_NOT_FOUND);
      throw error;
    }
  }
}
