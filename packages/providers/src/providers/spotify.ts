import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://accounts.spotify.com/authorize';
const TOKEN = 'https://accounts.spotify.com/api/token';
const ME = 'https://api.spotify.com/v1/me';
export const SPOTIFY_DEFAULT_SCOPES = ['user-read-email'];

/** Spotify: PKCE; Spotify does not say whether the email is verified. */
export function spotify(settings: EnabledSettings<'spotify'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'spotify',
    name: 'Spotify',
    defaultScopes: SPOTIFY_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, { endpoint: AUTHORIZE, clientId: settings.clientId, request, scopes: mergeScopes(SPOTIFY_DEFAULT_SCOPES, settings.scopes, request.scopes), pkce: true }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, ME, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      if (!isRecord(profile) || !id) return null;
      const first = Array.isArray(profile.images) ? profile.images[0] : undefined;
      return {
        user: { id, name: text(profile.display_name), email: textOrNull(profile.email), emailVerified: false, image: isRecord(first) ? textOrNull(first.url) : null },
        data: profile,
      };
    },
  };
}
