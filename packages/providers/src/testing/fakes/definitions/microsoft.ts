import { ok, type FakeProviderDefinition } from '../definition.js';

export const MICROSOFT_FAKE_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
/** A 1x1 PNG: the fake profile photo. */
export const FAKE_PHOTO = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

/** Microsoft Entra ID: profile in the id token (issued per tenant), photo from Graph, keys per tenant. */
export const microsoftFake: FakeProviderDefinition = {
  id: 'microsoft',
  authorize: 'https://login.microsoftonline.com/*/oauth2/v2.0/authorize',
  token: 'https://login.microsoftonline.com/*/oauth2/v2.0/token',
  clientAuth: 'post',
  user: () => ({
    claims: {
      sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
      oid: '00000000-0000-0000-66f3-3332eca7ea81',
      tid: MICROSOFT_FAKE_TENANT,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      preferred_username: 'ada@example.com',
      verified_primary_email: ['ada@example.com'],
    },
    photo: true,
  }),
  tokenFields: async (grant, env) => {
    const claims = grant.user.claims as Record<string, unknown>;
    return {
      id_token: await env.mint({
        iss: `https://login.microsoftonline.com/${String(claims.tid)}/v2.0`,
        aud: grant.clientId,
        ...claims,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      }),
    };
  },
  routes: (env) => [
    { method: 'GET', url: 'https://login.microsoftonline.com/*/discovery/v2.0/keys', auth: 'none', reply: () => ok(env.keys.jwks()) },
    {
      method: 'GET',
      url: 'https://graph.microsoft.com/v1.0/me/photos/*/$value',
      reply: (_req, user) => (user?.photo ? { status: 200, headers: { 'content-type': 'image/png' }, bytes: FAKE_PHOTO } : { status: 404, json: { error: { code: 'ImageNotFound' } } }),
    },
  ],
};
