import { ok, type FakeProviderDefinition } from '../definition.js';

/** Sign in with Apple: form_post callback with the name once, profile in the id token, keys at /auth/keys. */
export const appleFake: FakeProviderDefinition = {
  id: 'apple',
  authorize: 'https://appleid.apple.com/auth/authorize',
  token: 'https://appleid.apple.com/auth/token',
  clientAuth: 'post',
  formPost: true,
  user: () => ({
    claims: { sub: '001234.abcdef0123456789abcdef.1234', email: 'tim@privaterelay.appleid.com', email_verified: 'true', is_private_email: 'true' },
    name: { firstName: 'Tim', lastName: 'Apple' },
  }),
  tokenFields: async (grant, env) => ({
    id_token: await env.mint({ iss: 'https://appleid.apple.com', aud: grant.clientId, ...(grant.user.claims as object), ...(grant.nonce ? { nonce: grant.nonce } : {}) }),
  }),
  callbackFields: (grant): Record<string, string> => (grant.user.name ? { user: JSON.stringify({ name: grant.user.name, email: (grant.user.claims as Record<string, unknown>).email }) } : {}),
  routes: (env) => [{ method: 'GET', url: 'https://appleid.apple.com/auth/keys', auth: 'none', reply: () => ok(env.keys.jwks()) }],
};
