import { generateClientSecret, hashClientSecret, newClientCredentials, verifyClientSecret } from './client-secret.js';

describe('client secrets', () => {
  it('stores a hash, never the secret, and verifies only the right secret', () => {
    const { clientId, clientSecret, clientSecretHash } = newClientCredentials('client_secret_basic');
    expect(clientId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(clientSecret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(clientSecretHash).not.toContain(clientSecret!);
    expect(clientSecretHash).toBe(hashClientSecret(clientSecret!));
    expect(verifyClientSecret(clientSecret!, clientSecretHash)).toBe(true);
    expect(verifyClientSecret(generateClientSecret(), clientSecretHash)).toBe(false);
    expect(verifyClientSecret(clientSecret!.slice(0, -1), clientSecretHash)).toBe(false);
    expect(verifyClientSecret('', clientSecretHash)).toBe(false);
    expect(verifyClientSecret(clientSecret!, null)).toBe(false);
    // The stored hash itself is not a secret that verifies.
    expect(verifyClientSecret(clientSecretHash!, clientSecretHash)).toBe(false);
  });

  it('gives a public client no secret', () => {
    const credentials = newClientCredentials('none');
    expect(credentials.clientSecret).toBeNull();
    expect(credentials.clientSecretHash).toBeNull();
  });

  it('makes a different id and secret each time', () => {
    const a = newClientCredentials('client_secret_post');
    const b = newClientCredentials('client_secret_post');
    expect(a.clientId).not.toBe(b.clientId);
    expect(a.clientSecret).not.toBe(b.clientSecret);
  });
});
