import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://apis.roblox.com/oauth/v1/authorize';
const TOKEN = 'https://apis.roblox.com/oauth/v1/token';
const USER_INFO = 'https://apis.roblox.com/oauth/v1/userinfo';
export const ROBLOX_DEFAULT_SCOPES = ['openid', 'profile'];

/** Roblox: prompt `select_account consent` by default; Roblox shares no email address. */
export function roblox(settings: EnabledSettings<'roblox'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'roblox',
    name: 'Roblox',
    defaultScopes: ROBLOX_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(ROBLOX_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        params: { prompt: settings.prompt ?? 'select_account consent' },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, USER_INFO, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.sub) : null;
      if (!isRecord(profile) || !id) return null;
      return {
        user: { id, name: text(profile.nickname) || text(profile.preferred_username), email: null, emailVerified: false, image: textOrNull(profile.picture) },
        data: profile,
      };
    },
  };
}
