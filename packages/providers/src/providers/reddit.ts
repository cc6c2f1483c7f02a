import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text } from './profile-fields.js';

const AUTHORIZE = 'https://www.reddit.com/api/v1/authorize';
const TOKEN = 'https://www.reddit.com/api/v1/access_token';
const ME = 'https://oauth.reddit.com/api/v1/me';
export const REDDIT_DEFAULT_SCOPES = ['identity'];

/** Reddit: client credentials in a Basic header; Reddit shares no email address. */
export function reddit(settings: EnabledSettings<'reddit'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'basic' as const };
  return {
    id: 'reddit',
    name: 'Reddit',
    defaultScopes: REDDIT_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(REDDIT_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        params: { duration: settings.duration },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, ME, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      if (!isRecord(profile) || !id) return null;
      // Reddit escapes the icon URL and appends sizing parameters; the bare URL is the image.
      const image = text(profile.icon_img).split('?')[0]?.replace(/&amp;/g, '&') || null;
      return { user: { id, name: text(profile.name), email: null, emailVerified: false, image }, data: profile };
    },
  };
}
