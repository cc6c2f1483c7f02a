import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://id.vk.com/authorize';
const TOKEN = 'https://id.vk.com/oauth2/auth';
const USER_INFO = 'https://id.vk.com/oauth2/user_info';
export const VK_DEFAULT_SCOPES = ['email', 'phone'];

/** VK ID: PKCE, the device id of the callback goes back with the code; no email means no user. */
export function vk(settings: EnabledSettings<'vk'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'vk',
    name: 'VK',
    defaultScopes: VK_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, { endpoint: AUTHORIZE, clientId: settings.clientId, request, scopes: mergeScopes(VK_DEFAULT_SCOPES, settings.scopes, request.scopes), pkce: true }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true, params: { device_id: exchange.deviceId } }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      if (!tokens.accessToken) return null;
      const answer = await fetchWithToken(context, USER_INFO, tokens.accessToken, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: tokens.accessToken, client_id: settings.clientId }).toString(),
      });
      const user = isRecord(answer) && isRecord(answer.user) ? answer.user : null;
      const id = user ? idOf(user.user_id) : null;
      const email = user ? textOrNull(user.email) : null;
      // Spec section 5: VK yields no user without an email.
      if (!user || !id || !email) return null;
      return {
        user: { id, name: `${text(user.first_name)} ${text(user.last_name)}`.trim(), email, emailVerified: false, image: textOrNull(user.avatar) },
        data: answer as Record<string, unknown>,
      };
    },
  };
}
