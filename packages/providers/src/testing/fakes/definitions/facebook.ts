import { ok, type FakeProviderDefinition } from '../definition.js';

/** Facebook Graph v21.0: /me with fields; Limited Login id tokens verified with the key set. */
export const facebookFake: FakeProviderDefinition = {
  id: 'facebook',
  authorize: 'https://www.facebook.com/v21.0/dialog/oauth',
  token: 'https://graph.facebook.com/v21.0/oauth/access_token',
  clientAuth: 'post',
  user: () => ({
    id: '10158000000000001',
    name: 'Mark Example',
    email: 'mark@example.com',
    picture: { data: { height: 50, width: 50, is_silhouette: false, url: 'https://platform-lookaside.fbsbx.com/mark.jpg' } },
  }),
  routes: (env) => [
    { method: 'GET', url: 'https://graph.facebook.com/v21.0/me', reply: (_req, user) => ok(user) },
    { method: 'GET', url: 'https://limited.facebook.com/.well-known/oauth/openid/jwks/', auth: 'none', reply: () => ok(env.keys.jwks()) },
  ],
};
