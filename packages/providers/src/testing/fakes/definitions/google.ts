import { jwtVerify, type JWTPayload } from 'jose';
import { ok, type FakeProviderDefinition } from '../definition.js';

const ISSUER = 'https://accounts.google.com';

/** Google: profile in the id token; id tokens checked by the token-info endpoint. */
export const googleFake: FakeProviderDefinition = {
  id: 'google',
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  clientAuth: 'post',
  user: () => ({
    sub: '110248495921238986420',
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    email: 'grace@example.com',
    email_verified: true,
    picture: 'https://lh3.googleusercontent.com/a/grace',
  }),
  tokenFields: async (grant, env) => ({
    id_token: await env.mint({ iss: ISSUER, aud: grant.clientId, azp: grant.clientId, ...grant.user, ...(grant.nonce ? { nonce: grant.nonce } : {}) }),
  }),
  routes: (env) => [
    {
      method: 'GET',
      url: 'https://oauth2.googleapis.com/tokeninfo',
      auth: 'none',
      async reply(request) {
        // Google's token-info checks signature and expiry, and answers the claims as text.
        try {
          const { payload } = await jwtVerify(request.query.get('id_token') ?? '', async () => env.keys.published.publicJwk, {
            currentDate: new Date(env.nowSeconds() * 1000),
          });
          return ok(Object.fromEntries(Object.entries(payload).map(([k, v]: [string, JWTPayload[string]]) => [k, typeof v === 'boolean' || typeof v === 'number' ? String(v) : v])));
        } catch {
          return { status: 400, json: { error: 'invalid_token', error_description: 'Invalid Value' } };
        }
      },
    },
    { method: 'GET', url: 'https://www.googleapis.com/oauth2/v3/certs', auth: 'none', reply: () => ok(env.keys.jwks()) },
    { method: 'GET', url: 'https://openidconnect.googleapis.com/v1/userinfo', reply: (_req, user) => ok(user) },
  ],
};
