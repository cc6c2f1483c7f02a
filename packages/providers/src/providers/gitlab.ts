import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

export const GITLAB_DEFAULT_ISSUER = 'https://gitlab.com';
export const GITLAB_DEFAULT_SCOPES = ['read_user'];

/** GitLab (gitlab.com or a configured host): PKCE, login hint; only active, unlocked users sign in. */
export function gitlab(settings: EnabledSettings<'gitlab'>, context: ProviderContext): OAuthProvider {
  const host = (settings.issuer ?? GITLAB_DEFAULT_ISSUER).replace(/\/+$/, '');
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: `${host}/oauth/token`, authentication: 'post' as const };
  return {
    id: 'gitlab',
    name: 'GitLab',
    defaultScopes: GITLAB_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: `${host}/oauth/authorize`,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(GITLAB_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: true,
        loginHintParam: 'login_hint',
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, `${host}/api/v4/user`, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      // Blocked, deactivated or locked GitLab users get no user (spec section 5).
      if (!isRecord(profile) || !id || profile.state !== 'active' || profile.locked === true) return null;
      return {
        user: {
          id,
          name: text(profile.name) || text(profile.username),
          email: textOrNull(profile.email),
          emailVerified: textOrNull(profile.confirmed_at) !== null,
          image: textOrNull(profile.avatar_url),
        },
        data: profile,
      };
    },
  };
}
