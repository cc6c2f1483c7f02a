import type { EnabledSettings } from '../config.js';
import { decodeIdToken, verifyIdTokenSignature } from '../http/id-token.js';
import { RemoteKeySet } from '../http/remote-key-set.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

export const FACEBOOK_API_VERSION = 'v21.0';
const AUTHORIZE = `https://www.facebook.com/${FACEBOOK_API_VERSION}/dialog/oauth`;
const TOKEN = `https://graph.facebook.com/${FACEBOOK_API_VERSION}/oauth/access_token`;
const ME = `https://graph.facebook.com/${FACEBOOK_API_VERSION}/me`;
const KEYS = 'https://limited.facebook.com/.well-known/oauth/openid/jwks/';
const ISSUERS = ['https://www.facebook.com', 'https://limited.facebook.com'];
export const FACEBOOK_DEFAULT_SCOPES = ['email', 'public_profile'];

/**
 * Facebook (Graph API v21.0). Id-token sign-in takes Limited Login JWTs, checked against
 * Facebook's key set; Facebook says nothing about email verification, so emails count as unverified.
 */
export function facebook(settings: EnabledSettings<'facebook'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  const keys = new RemoteKeySet(context.http, KEYS, context.clock);
  const fields = [...new Set(['id', 'name', 'email', 'picture', ...(settings.fields ?? [])])];

  const provider: OAuthProvider = {
    id: 'facebook',
    name: 'Facebook',
    defaultScopes: FACEBOOK_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(FACEBOOK_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        loginHintParam: 'login_hint',
        params: { config_id: settings.configId },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      if (tokens.idToken && tokens.idToken.split('.').length === 3) {
        const claims = decodeIdToken(tokens.idToken);
        const id = idOf(claims.sub);
        if (!id) return null;
        return { user: { id, name: text(claims.name), email: textOrNull(claims.email), emailVerified: false, image: textOrNull(claims.picture) }, data: claims };
      }
      const profile = await fetchWithToken(context, `${ME}?fields=${fields.join(',')}`, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      if (!isRecord(profile) || !id) return null;
      const picture = isRecord(profile.picture) && isRecord(profile.picture.data) ? textOrNull(profile.picture.data.url) : null;
      return {
        user: { id, name: text(profile.name), email: textOrNull(profile.email), emailVerified: profile.email_verified === true, image: picture },
        data: profile,
      };
    },
  };
  if (!settings.disableIdTokenSignIn) {
    // Only Limited Login JWTs: an opaque access token proves nothing about who it was issued to.
    provider.verifyIdToken = async (token, nonce) =>
      token.split('.').length === 3 &&
      (await verifyIdTokenSignature(token, { keys, issuer: ISSUERS, audience: settings.clientId, nonce, clock: context.clock })) !== null;
  }
  return provider;
}
