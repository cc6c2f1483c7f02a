import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://zoom.us/oauth/authorize';
const TOKEN = 'https://zoom.us/oauth/token';
const ME = 'https://api.zoom.us/v2/users/me';
export const ZOOM_DEFAULT_SCOPES: string[] = [];

/** Zoom: PKCE unless turned off, client credentials in a Basic header (as Zoom documents). */
export function zoom(settings: EnabledSettings<'zoom'>, context: ProviderContext): OAuthProvider {
  const pkce = settings.pkce ?? true;
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'basic' as const };
  return {
    id: 'zoom',
    name: 'Zoom',
    defaultScopes: ZOOM_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, { endpoint: AUTHORIZE, clientId: settings.clientId, request, scopes: mergeScopes(ZOOM_DEFAULT_SCOPES, settings.scopes, request.scopes), pkce }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, ME, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      if (!isRecord(profile) || !id) return null;
      const name = text(profile.display_name) || `${text(profile.first_name)} ${text(profile.last_name)}`.trim();
      return {
        user: { id, name, email: textOrNull(profile.email), emailVerified: Number(profile.verified) === 1 || profile.verified === true, image: textOrNull(profile.pic_url) },
        data: profile,
      };
    },
  };
}
