import { raise } from '@tend/kernel';
import type { EnabledSettings } from '../config.js';
import { PROVIDER_ERRORS } from '../error-codes.js';
import { decodeIdToken } from '../http/id-token.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { isTrue, idOf, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';
const TOKEN = 'https://oauth2.googleapis.com/token';
const TOKEN_INFO = 'https://oauth2.googleapis.com/tokeninfo';
const USER_INFO = 'https://openidconnect.googleapis.com/v1/userinfo';
const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const GOOGLE_DEFAULT_SCOPES = ['email', 'profile', 'openid'];

/**
 * Google: PKCE (a code verifier is required), login hint, offline access and hosted domain on
 * request. Id tokens are checked by Google's token-info endpoint against our client id.
 */
export function google(settings: EnabledSettings<'google'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  const provider: OAuthProvider = {
    id: 'google',
    name: 'Google',
    defaultScopes: GOOGLE_DEFAULT_SCOPES,
    createAuthorizationURL(request) {
      if (!request.codeVerifier) throw raise(PROVIDER_ERRORS.CODEVERIFIER_IS_REQUIRED_FOR_GOOGLE);
      return authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(GOOGLE_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: true,
        loginHintParam: 'login_hint',
        params: { access_type: settings.accessType, hd: settings.hd, prompt: settings.prompt, include_granted_scopes: 'true' },
      });
    },
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const claims = tokens.idToken ? decodeIdToken(tokens.idToken) : await fetchWithToken(context, USER_INFO, tokens.accessToken);
      if (!isRecord(claims)) return null;
      const id = idOf(claims.sub);
      if (!id) return null;
      return {
        user: { id, name: text(claims.name), email: textOrNull(claims.email), emailVerified: isTrue(claims.email_verified), image: textOrNull(claims.picture) },
        data: claims,
      };
    },
  };
  if (!settings.disableIdTokenSignIn) {
    provider.verifyIdToken = async (token, nonce) => {
      const url = `${TOKEN_INFO}?id_token=${encodeURIComponent(token)}`;
      const response = await context.http.fetch(url, { headers: { accept: 'application/json' } });
      // Google answers 400 for a token it does not accept: a verdict, not a failure.
      if (response.status === 400) {
        await response.body?.cancel().catch(() => undefined);
        return false;
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw raise(PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED);
      }
      const info = await context.http.readJson(url, response);
      if (!isRecord(info)) return false;
      const expiresAt = Number(info.exp) * 1000;
      return (
        info.aud === settings.clientId &&
        ISSUERS.includes(text(info.iss)) &&
        Number.isFinite(expiresAt) &&
        expiresAt > context.clock.now().getTime() &&
        (nonce === undefined || info.nonce === nonce)
      );
    };
  }
  return provider;
}
