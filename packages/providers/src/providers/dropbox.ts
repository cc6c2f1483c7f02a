import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://www.dropbox.com/oauth2/authorize';
const TOKEN = 'https://api.dropboxapi.com/oauth2/token';
const ACCOUNT = 'https://api.dropboxapi.com/2/users/get_current_account';
export const DROPBOX_DEFAULT_SCOPES = ['account_info.read'];

/** Dropbox: PKCE, `token_access_type` on request; the profile is an RPC POST. */
export function dropbox(settings: EnabledSettings<'dropbox'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'dropbox',
    name: 'Dropbox',
    defaultScopes: DROPBOX_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(DROPBOX_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: true,
        params: { token_access_type: settings.accessType },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, ACCOUNT, tokens.accessToken, { method: 'POST' });
      const id = isRecord(profile) ? idOf(profile.account_id) : null;
      if (!isRecord(profile) || !id) return null;
      return {
        user: {
          id,
          name: isRecord(profile.name) ? text(profile.name.display_name) : '',
          email: textOrNull(profile.email),
          emailVerified: profile.email_verified === true,
          image: textOrNull(profile.profile_photo_url),
        },
        data: profile,
      };
    },
  };
}
