import { ok, type FakeProviderDefinition, type FakeRoute } from '../definition.js';

/** A provider whose profile is one JSON document behind a Bearer token. */
function profileRoute(method: 'GET' | 'POST', url: string, shape: (user: Record<string, unknown>) => unknown = (user) => user): FakeRoute {
  return { method, url, reply: (_req, user) => ok(shape(user ?? {})) };
}

export const discordFake: FakeProviderDefinition = {
  id: 'discord',
  authorize: 'https://discord.com/api/oauth2/authorize',
  token: 'https://discord.com/api/oauth2/token',
  clientAuth: 'post',
  user: () => ({ id: '80351110224678912', username: 'nelly', global_name: 'Nelly', discriminator: '0', avatar: '8342729096ea3675442027381ff50dfe', email: 'nelly@example.com', verified: true }),
  routes: () => [profileRoute('GET', 'https://discord.com/api/users/@me')],
};

export const spotifyFake: FakeProviderDefinition = {
  id: 'spotify',
  authorize: 'https://accounts.spotify.com/authorize',
  token: 'https://accounts.spotify.com/api/token',
  clientAuth: 'post',
  user: () => ({ id: 'smedjan', display_name: 'Smedjan', email: 'smedjan@example.com', images: [{ url: 'https://i.scdn.co/image/smedjan', height: 300, width: 300 }] }),
  routes: () => [profileRoute('GET', 'https://api.spotify.com/v1/me')],
};

export const twitchFake: FakeProviderDefinition = {
  id: 'twitch',
  authorize: 'https://id.twitch.tv/oauth2/authorize',
  token: 'https://id.twitch.tv/oauth2/token',
  clientAuth: 'post',
  scopeFormat: 'array',
  user: () => ({ sub: '713936733', preferred_username: 'streamer', email: 'streamer@example.com', email_verified: true, picture: 'https://static-cdn.jtvnw.net/streamer.png' }),
  tokenFields: async (grant, env) => ({
    id_token: await env.mint({ iss: 'https://id.twitch.tv/oauth2', aud: grant.clientId, azp: grant.clientId, ...grant.user, ...(grant.nonce ? { nonce: grant.nonce } : {}) }),
  }),
  routes: () => [],
};

export const dropboxFake: FakeProviderDefinition = {
  id: 'dropbox',
  authorize: 'https://www.dropbox.com/oauth2/authorize',
  token: 'https://api.dropboxapi.com/oauth2/token',
  clientAuth: 'post',
  user: () => ({
    account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
    name: { given_name: 'Franz', surname: 'Ferdinand', familiar_name: 'Franz', display_name: 'Franz Ferdinand (Personal)', abbreviated_name: 'FF' },
    email: 'franz@example.com',
    email_verified: true,
    profile_photo_url: 'https://dl-web.dropbox.com/account_photo/get/franz',
  }),
  routes: () => [profileRoute('POST', 'https://api.dropboxapi.com/2/users/get_current_account')],
};

export const kickFake: FakeProviderDefinition = {
  id: 'kick',
  authorize: 'https://id.kick.com/oauth/authorize',
  token: 'https://id.kick.com/oauth/token',
  clientAuth: 'post',
  user: () => ({ user_id: 4377088, name: 'kicker', email: 'kicker@example.com', profile_picture: 'https://files.kick.com/images/kicker.webp' }),
  routes: () => [profileRoute('GET', 'https://api.kick.com/public/v1/users', (user) => ({ data: [user], message: 'OK' }))],
};

export const linkedinFake: FakeProviderDefinition = {
  id: 'linkedin',
  authorize: 'https://www.linkedin.com/oauth/v2/authorization',
  token: 'https://www.linkedin.com/oauth/v2/accessToken',
  clientAuth: 'post',
  user: () => ({
    sub: '782bbtaQ',
    name: 'John Doe',
    given_name: 'John',
    family_name: 'Doe',
    picture: 'https://media.licdn.com/dms/image/john',
    locale: { country: 'US', language: 'en' },
    email: 'john@example.com',
    email_verified: true,
  }),
  routes: () => [profileRoute('GET', 'https://api.linkedin.com/v2/userinfo')],
};

export const gitlabFake: FakeProviderDefinition = {
  id: 'gitlab',
  authorize: 'https://gitlab.com/oauth/authorize',
  token: 'https://gitlab.com/oauth/token',
  clientAuth: 'post',
  user: () => ({
    id: 4242,
    username: 'tanuki',
    name: 'Tanuki Fox',
    state: 'active',
    locked: false,
    email: 'tanuki@example.com',
    avatar_url: 'https://gitlab.com/uploads/-/system/user/avatar/4242/avatar.png',
    confirmed_at: '2020-01-01T00:00:00.000Z',
  }),
  routes: () => [profileRoute('GET', 'https://gitlab.com/api/v4/user')],
};

export const tiktokFake: FakeProviderDefinition = {
  id: 'tiktok',
  authorize: 'https://www.tiktok.com/v2/auth/authorize/',
  token: 'https://open.tiktokapis.com/v2/oauth/token/',
  clientAuth: 'client_key',
  scopeFormat: 'comma',
  user: () => ({ open_id: '-000OjHPBDjW1ioTCwJ5ecvYBPVHrsa9rtQ3', union_id: 'c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1', display_name: 'Tik Toker', username: 'tiktoker', avatar_large_url: 'https://p16-sign.tiktokcdn.com/tiktoker.jpeg' }),
  tokenFields: (grant) => ({ open_id: grant.user.open_id, refresh_expires_in: 31536000 }),
  routes: () => [profileRoute('GET', 'https://open.tiktokapis.com/v2/user/info/', (user) => ({ data: { user }, error: { code: 'ok', message: '', log_id: '20240101' } }))],
};

export const redditFake: FakeProviderDefinition = {
  id: 'reddit',
  authorize: 'https://www.reddit.com/api/v1/authorize',
  token: 'https://www.reddit.com/api/v1/access_token',
  clientAuth: 'basic',
  user: () => ({ id: 'abc12', name: 'snoo', icon_img: 'https://styles.redditmedia.com/t5_snoo/snoo.png?width=256&amp;s=abc', has_verified_email: true, verified: true }),
  routes: () => [profileRoute('GET', 'https://oauth.reddit.com/api/v1/me')],
};

export const robloxFake: FakeProviderDefinition = {
  id: 'roblox',
  authorize: 'https://apis.roblox.com/oauth/v1/authorize',
  token: 'https://apis.roblox.com/oauth/v1/token',
  clientAuth: 'post',
  user: () => ({ sub: '1516563360', name: 'Builder', nickname: 'Builder', preferred_username: 'builderman', created_at: 1584682495, profile: 'https://www.roblox.com/users/1516563360/profile', picture: 'https://tr.rbxcdn.com/builder.png' }),
  routes: () => [profileRoute('GET', 'https://apis.roblox.com/oauth/v1/userinfo')],
};

export const vkFake: FakeProviderDefinition = {
  id: 'vk',
  authorize: 'https://id.vk.com/authorize',
  token: 'https://id.vk.com/oauth2/auth',
  clientAuth: 'post',
  deviceId: true,
  user: () => ({ user: { user_id: '1234567890', first_name: 'Ivan', last_name: 'Ivanov', email: 'ivan@example.com', avatar: 'https://sun1.userapi.com/ivan.jpg', phone: '79991234567' } }),
  tokenFields: (grant) => ({ user_id: (grant.user.user as Record<string, unknown>).user_id }),
  routes: () => [{ method: 'POST', url: 'https://id.vk.com/oauth2/user_info', auth: 'form', reply: (_req, user) => ok(user) }],
};

export const zoomFake: FakeProviderDefinition = {
  id: 'zoom',
  authorize: 'https://zoom.us/oauth/authorize',
  token: 'https://zoom.us/oauth/token',
  clientAuth: 'basic',
  user: () => ({ id: 'KdYKjnimT4KPd8FFgQt9FQ', first_name: 'Jill', last_name: 'Chill', display_name: 'Jill Chill', email: 'jill@example.com', pic_url: 'https://example.zoom.us/p/jill', verified: 1, status: 'active' }),
  routes: () => [profileRoute('GET', 'https://api.zoom.us/v2/users/me')],
};
