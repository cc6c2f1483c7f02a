import { createHash } from 'node:crypto';
import type { EnabledSettings } from '../config.js';
import { decodeIdToken, verifyIdTokenSignature } from '../http/id-token.js';
import { RemoteKeySet } from '../http/remote-key-set.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, isTrue, text, textOrNull } from './profile-fields.js';

const AUTHORIZE = 'https://appleid.apple.com/auth/authorize';
const TOKEN = 'https://appleid.apple.com/auth/token';
const KEYS = 'https://appleid.apple.com/auth/keys';
const ISSUER = 'https://appleid.apple.com';
export const APPLE_DEFAULT_SCOPES = ['email', 'name'];

/**
 * Sign in with Apple: the callback arrives as a form POST; the profile is the id token, with the
 * name Apple posts once (the `user` field). Id tokens must be under an hour old.
 */
export function apple(settings: EnabledSettings<'apple'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  const keys = new RemoteKeySet(context.http, KEYS, context.clock);
  const audience = settings.audience?.length ? settings.audience : (settings.appBundleIdentifier ?? settings.clientId);

  const provider: OAuthProvider = {
    id: 'apple',
    name: 'Apple',
    defaultScopes: APPLE_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(APPLE_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        // Apple requires form_post whenever scopes are asked for.
        params: { response_mode: 'form_post' },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      if (!tokens.idToken) return null;
      const claims = decodeIdToken(tokens.idToken);
      const id = idOf(claims.sub);
      if (!id) return null;
      const name = postedName(tokens.user) || text(claims.name);
      return {
        user: { id, name, email: textOrNull(claims.email), emailVerified: isTrue(claims.email_verified), image: null },
        data: { ...claims, name },
      };
    },
  };
  if (!settings.disableIdTokenSignIn) {
    provider.verifyIdToken = async (token, nonce) =>
      (await verifyIdTokenSignature(token, {
        keys,
        issuer: ISSUER,
        audience,
        nonce,
        maxAge: '1h',
        clock: context.clock,
        // Native Apple sign-in puts the SHA-256 of the nonce in the token.
        nonceMatches: (claim, expected) => typeof claim === 'string' && (claim === expected || claim === createHash('sha256').update(expected).digest('hex')),
      })) !== null;
  }
  return provider;
}

/** The name Apple posts on first consent: `{"name":{"firstName","lastName"}}`, as JSON text or parsed. */
function postedName(user: unknown): string {
  let parsed = user;
  if (typeof user === 'string') {
    try {
      parsed = JSON.parse(user) as unknown;
    } catch {
      return '';
    }
  }
  if (!isRecord(parsed) || !isRecord(parsed.name)) return '';
  return `${text(parsed.name.firstName)} ${text(parsed.name.lastName)}`.trim();
}
