import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://id.kick.com/oauth/authorize';
const TOKEN = 'https://id.kick.com/oauth/token';
const USERS = 'https://api.kick.com/public/v1/users';
export const KICK_DEFAULT_SCOPES = ['user:read'];

/** Kick: PKCE; the profile is the first of /public/v1/users; Kick does not say whether the email is verified. */
export function kick(settings: EnabledSettings<'kick'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'kick',
    name: 'Kick',
    defaultScopes: KICK_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, { endpoint: AUTHORIZE, clientId: settings.clientId, request, scopes: mergeScopes(KICK_DEFAULT_SCOPES, settings.scopes, request.scopes), pkce: true }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const answer = await fetchWithToken(context, USERS, tokens.accessToken);
      const profile = isRecord(answer) && Array.isArray(answer.data) ? answer.data[0] : undefined;
      const id = isRecord(profile) ? idOf(profile.user_id) : null;
      if (!isRecord(profile) || !id) return null;
      return {
        user: { id, name: text(profile.name), email: textOrNull(profile.email), emailVerified: false, image: textOrNull(profile.profile_picture) },
        data: profile,
      };
    },
  };
}
