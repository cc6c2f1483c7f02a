import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { idOf, text } from './profile-fields.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';

const AUTHORIZE = 'https://github.com/login/oauth/authorize';
const TOKEN = 'https://github.com/login/oauth/access_token';
const USER = 'https://api.github.com/user';
const EMAILS = 'https://api.github.com/user/emails';
export const GITHUB_DEFAULT_SCOPES = ['read:user', 'user:email'];

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub: PKCE, `login` as the login hint; the primary email comes from /user/emails when the profile hides it. */
export function github(settings: EnabledSettings<'github'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'github',
    name: 'GitHub',
    defaultScopes: GITHUB_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(GITHUB_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: true,
        loginHintParam: 'login',
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: true }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, USER, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      if (!isRecord(profile) || !id) return null;
      const listed = await fetchWithToken(context, EMAILS, tokens.accessToken);
      const emails = Array.isArray(listed) ? listed.filter(isGithubEmail) : [];
      const email = typeof profile.email === 'string' && profile.email ? profile.email : (emails.find((e) => e.primary) ?? emails[0])?.email ?? null;
      return {
        user: {
          id,
          name: text(profile.name) || text(profile.login),
          email,
          emailVerified: emails.find((e) => e.email === email)?.verified ?? false,
          image: text(profile.avatar_url) || null,
        },
        data: { ...profile, email },
      };
    },
  };
}

function isGithubEmail(value: unknown): value is GithubEmail {
  return isRecord(value) && typeof value.email === 'string' && typeof value.primary === 'boolean' && typeof value.verified === 'boolean';
}
