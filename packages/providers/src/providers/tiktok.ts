import { raise } from '@tend/kernel';
import type { EnabledSettings } from '../config.js';
import { PROVIDER_ERRORS } from '../error-codes.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ClientAuthentication, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://www.tiktok.com/v2/auth/authorize/';
const TOKEN = 'https://open.tiktokapis.com/v2/oauth/token/';
const USER_INFO = 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_large_url,display_name,username';
export const TIKTOK_DEFAULT_SCOPES = ['user.info.profile'];

/**
 * TikTok: the client id is called `client_key` everywhere, scopes are comma-separated, and
 * TikTok shares no email address.
 */
export function tiktok(settings: EnabledSettings<'tiktok'>, context: ProviderContext): OAuthProvider {
  const clientKey: ClientAuthentication = (_as, _client, body) => {
    body.delete('client_id');
    body.set('client_key', settings.clientId);
    body.set('client_secret', settings.clientSecret);
  };
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: clientKey };
  return {
    id: 'tiktok',
    name: 'TikTok',
    defaultScopes: TIKTOK_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        clientIdParam: 'client_key',
        request,
        scopes: mergeScopes(TIKTOK_DEFAULT_SCOPES, settings.scopes, request.scopes),
        scopeSeparator: ',',
        pkce: false,
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const answer = await fetchWithToken(context, USER_INFO, tokens.accessToken);
      // TikTok reports API errors inside a 200 answer.
      if (isRecord(answer) && isRecord(answer.error) && answer.error.code !== undefined && answer.error.code !== 'ok') {
        throw raise(PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
      }
      const user = isRecord(answer) && isRecord(answer.data) && isRecord(answer.data.user) ? answer.data.user : null;
      const id = user ? idOf(user.open_id) : null;
      if (!user || !id) return null;
      return {
        user: { id, name: text(user.display_name) || text(user.username), email: null, emailVerified: false, image: textOrNull(user.avatar_large_url) },
        data: answer as Record<string, unknown>,
      };
    },
  };
}
