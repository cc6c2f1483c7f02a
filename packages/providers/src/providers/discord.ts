import type { EnabledSettings } from '../config.js';
import { isRecord } from '../http/token-response.js';
import type { OAuthProvider, ProviderProfile } from '../oauth-provider.port.js';
import { authorizationURL, exchangeCode, fetchWithToken, mergeScopes, refreshTokens, type ProviderContext } from './oauth2.js';
import { idOf, text } from './profile-fields.js';

const AUTHORIZE = 'https://discord.com/api/oauth2/authorize';
const TOKEN = 'https://discord.com/api/oauth2/token';
const ME = 'https://discord.com/api/users/@me';
export const DISCORD_DEFAULT_SCOPES = ['identify', 'email'];

/** Discord: prompt `none` by default; the avatar URL is built from the avatar hash (or the default avatars). */
export function discord(settings: EnabledSettings<'discord'>, context: ProviderContext): OAuthProvider {
  const credentials = { clientId: settings.clientId, clientSecret: settings.clientSecret, tokenEndpoint: TOKEN, authentication: 'post' as const };
  return {
    id: 'discord',
    name: 'Discord',
    defaultScopes: DISCORD_DEFAULT_SCOPES,
    createAuthorizationURL: (request) =>
      authorizationURL(context, {
        endpoint: AUTHORIZE,
        clientId: settings.clientId,
        request,
        scopes: mergeScopes(DISCORD_DEFAULT_SCOPES, settings.scopes, request.scopes),
        pkce: false,
        params: { prompt: settings.prompt ?? 'none' },
      }),
    validateAuthorizationCode: (exchange) => exchangeCode(context, { ...credentials, exchange, pkce: false }),
    refreshAccessToken: (refreshToken) => refreshTokens(context, { ...credentials, refreshToken }),
    async getUserInfo(tokens): Promise<ProviderProfile | null> {
      const profile = await fetchWithToken(context, ME, tokens.accessToken);
      const id = isRecord(profile) ? idOf(profile.id) : null;
      if (!isRecord(profile) || !id || !/^\d+$/.test(id)) return null;
      const image = avatarURL(id, profile.avatar, text(profile.discriminator));
      return {
        user: { id, name: text(profile.global_name) || text(profile.username), email: text(profile.email) || null, emailVerified: profile.verified === true, image },
        data: { ...profile, image_url: image },
      };
    },
  };
}

function avatarURL(id: string, avatar: unknown, discriminator: string): string {
  if (typeof avatar === 'string' && avatar) {
    return `https://cdn.discordapp.com/avatars/${id}/${avatar}.${avatar.startsWith('a_') ? 'gif' : 'png'}`;
  }
  // Users without an avatar get one of Discord's defaults, chosen as Discord chooses it.
  const index = discriminator === '0' || !discriminator ? Number((BigInt(id) >> 22n) % 6n) : Number(discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}
