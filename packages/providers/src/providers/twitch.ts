import type { EnabledSettings } from '../config.js';
import { decodeIdToken } from '../http/id-token.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, isTrue, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://id.twitch.tv/oauth2/authorize';
const TOKEN = 'https://id.twitch.tv/oauth2/token';
export const TWITCH_DEFAULT_SCOPES = ['user:read:email', 'openid'];
const DEFAULT_CLAIMS = ['email', 'email_verified', 'preferred_username', 'picture'];

/** Twitch (OpenID Connect): the profile is read from the id token's requested claims. */
export function twitch(settings: EnabledSettings<'twitch'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  const claims = Object.fromEntries(['email', 'email_verified', ...(settings.claims ?? DEFAULT_CLAIMS)].map((claim) => [claim, null]));
  return {
    id: 'twitch',
    name: 'Twitch',
    defaultScopes: TWITCH_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(TWITCH_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        params: { claims: JSON.stringify({ id_token: claims }) },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      if (!tokens.idToken) return null;
      const profile = decodeIdToken(tokens.idToken);
      const id = idOf(profile.sub);
      if (!id) return null;
      return {
        user: { id, name: text(profile.preferred_username), email: textOrNull(profile.email), emailVerified: isTrue(profile.email_verified), image: textOrNull(profile.picture) },
        data: profile,
      };
    },
  };
}
