import type { EnabledSettings } from '../config.js';
import { decodeIdToken, verifyIdTokenSignature } from '../http/id-token.js';
import { RemoteKeySet } from '../http/remote-key-set.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text, textOrNull } from './profile-fields.js';

export const MICROSOFT_DEFAULT_SCOPES = ['openid', 'profile', 'email', 'User.Read', 'offline_access'];
const MULTI_TENANT = ['common', 'organizations', 'consumers'];

/**
 * Microsoft Entra ID: tenant `common` unless configured, PKCE, login hint; the profile comes
 * from the id token and the photo (48 px by default) from Microsoft Graph.
 */
export function microsoft(settings: EnabledSettings<'microsoft'>, context: ProviderContext): OAuthProvider {
  const tenant = settings.tenantId ?? 'common';
  const authority = (settings.authority ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  const photoSize = settings.profilePhotoSize ?? 48;
  const tokenEndpoint = `${authority}/${tenant}/oauth2/v2.0/token`;
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint, authentication: 'post' as const };
  const scopes = mergeScopes(MICROSOFT_DEFAULT_SCOPES, settings.scopes);
  const keys = new RemoteKeySet(context.http, `${authority}/${tenant}/discovery/v2.0/keys`, context.clock);

  const provider: OAuthProvider = {
    id: 'microsoft',
    name: 'Microsoft',
    defaultScopes: MICROSOFT_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: `${authority}/${tenant}/oauth2/v2.0/authorize`,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(scopes, request.scopes),
        pkce: true,
        loginHintParam: 'login_hint',
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    // Microsoft wants the scopes again on refresh.
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken, params: { scope: scopes.join(' ') } }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      if (!tokens.idToken) return null;
      const claims = decodeIdToken(tokens.idToken);
      const id = idOf(claims.sub);
      if (!id) return null;
      const email = textOrNull(claims.email);
      const verifiedList = [claims.verified_primary_email, claims.verified_secondary_email].flatMap((list) => (Array.isArray(list) ? list : []));
      const emailVerified = typeof claims.email_verified === 'boolean' ? claims.email_verified : email !== null && verifiedList.includes(email);
      const picture = settings.disableProfilePhoto ? null : await photo(tokens.accessToken);
      return {
        user: { id, name: text(claims.name), email, emailVerified, image: picture ?? textOrNull(claims.picture) },
        data: picture ? { ...claims, picture } : claims,
      };
    },
  };

  /** The user's photo as a data URL, or null: a missing or failing photo never fails sign-in. */
  async function photo(accessToken: string | null | undefined): Promise<string | null> {
    if (!accessToken) return null;
    const url = `https://graph.microsoft.com/v1.0/me/photos/${photoSize}x${photoSize}/$value`;
    try {
      const response = await context.http.fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      const type = response.headers.get('content-type')?.split(';')[0]?.trim();
      const bytes = await context.http.bytes(url, response);
      return `data:${type?.startsWith('image/') ? type : 'image/jpeg'};base64,${Buffer.from(bytes).toString('base64')}`;
    } catch {
      return null;
    }
  }

  if (!settings.disableIdTokenSignIn) {
    provider.verifyIdToken = async (token, nonce) => {
      const multiTenant = MULTI_TENANT.includes(tenant);
      const claims = await verifyIdTokenSignature(token, {
        keys,
        // A multi-tenant endpoint issues per tenant: the issuer is checked against the token's tid below.
        issuer: multiTenant ? null : `${authority}/${tenant}/v2.0`,
        audience: settings.clientId,
        nonce,
        clock: context.clock,
      });
      if (!claims) return false;
      return !multiTenant || (typeof claims.tid === 'string' && claims.iss === `${authority}/${claims.tid}/v2.0`);
    };
  }
  return provider;
}
