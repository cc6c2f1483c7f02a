import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, isTrue, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://www.linkedin.com/oauth/v2/authorization';
const TOKEN = 'https://www.linkedin.com/oauth/v2/accessToken';
const USER_INFO = 'https://api.linkedin.com/v2/userinfo';
export const LINKEDIN_DEFAULT_SCOPES = ['profile', 'email', 'openid'];

/** LinkedIn (Sign In with LinkedIn using OpenID Connect): the profile is the userinfo endpoint. */
export function linkedin(settings: EnabledSettings<'linkedin'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'linkedin',
    name: 'LinkedIn',
    defaultScopes: LINKEDIN_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(LINKEDIN_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        loginHintParam: 'login_hint',
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, USER_INFO, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.sub) : null;
      if (!isRecord(profile) || !id) return null;
      return {
        user: { id, name: text(profile.name), email: textOrNull(profile.email), emailVerified: isTrue(profile.email_verified), image: textOrNull(profile.picture) },
        data: profile,
      };
    },
  };
}
