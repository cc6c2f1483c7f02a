import { isAuthError } from '@tend/kernel';
import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://x.com/i/oauth2/authorize';
const TOKEN = 'https://api.x.com/2/oauth2/token';
const ME = 'https://api.x.com/2/users/me?user.fields=profile_image_url';
const CONFIRMED_EMAIL = 'https://api.x.com/2/users/me?user.fields=confirmed_email';
export const TWITTER_DEFAULT_SCOPES = ['users.read', 'tweet.read', 'offline.access', 'users.email'];

/**
 * Twitter (X): PKCE, client credentials in a Basic header. The email comes from a second call
 * (`confirmed_email`), so it is verified whenever present.
 */
export function twitter(settings: EnabledSettings<'twitter'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'basic' as const };
  return {
    id: 'twitter',
    name: 'Twitter',
    defaultScopes: TWITTER_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, { endpoint: AUTHORIZE, clientId: settings.clientId, request, scopes: mergeScopes(TWITTER_DEFAULT_SCOPES, settings.scopes, request.scopes), pkce: true }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, ME, tokens.accessToken);
      const data = isRecord(profile) && isRecord(profile.data) ? profile.data : null;
      const id = data ? idOf(data.id) : null;
      if (!isRecord(profile) || !data || !id) return null;
      const email = await confirmedEmail(tokens.accessToken);
      return {
        user: { id, name: text(data.name) || text(data.username), email, emailVerified: email !== null, image: textOrNull(data.profile_image_url) },
        data: { ...profile, data: { ...data, email } },
      };
    },
  };

  /** The confirmed email, or null: an app without the email permission is refused this call, not the sign-in. */
  async function confirmedEmail(accessToken: string | null | undefined): Promise<string | null> {
    try {
      const answer = await fetchWithToken(context, CONFIRMED_EMAIL, accessToken);
      return isRecord(answer) && isRecord(answer.data) ? textOrNull(answer.data.confirmed_email) : null;
    } catch (error) {
      if (isAuthError(error)) return null;
      throw error;
    }
  }
}
