import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { createMemoryTables, ManualClock, MINUTE, SecretCipher } from '@tend/kernel';
import { MemorySigningKeyStore, SIGNING_KEYS_TABLE } from '../adapters/memory/memory-signing-key-store.js';
import { SigningKeys, SIGNING_KEY_CIPHER_PURPOSE } from './signing-keys.js';
import type { SigningKeyRecord } from './signing-key.js';
import type { SigningAlgorithm } from './signing-key.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const HOUR_S = 3600;

function setup(algorithm?: SigningAlgorithm) {
  const tables = createMemoryTables();
  const store = new MemorySigningKeyStore(tables);
  const clock = new ManualClock();
  const keys = new SigningKeys({ store, secret: SECRET, clock, algorithm, longestTokenLifetimeSeconds: HOUR_S });
  const rows = () => [...tables.table<SigningKeyRecord>(SIGNING_KEYS_TABLE).values()];
  return { store, clock, keys, rows };
}

describe('SigningKeys', () => {
  it.each<[SigningAlgorithm | undefined, string]>([
    [undefined, 'EdDSA'],
    ['RS256', 'RS256'],
  ])('signs with %s keys (%s) that the JWKS verifies', async (algorithm, expected) => {
    const { keys, clock } = setup(algorithm);
    const token = await keys.sign({ sub: 'user-1', aud: 'client-1', iss: 'https://tend.test/api/auth' }, 900);
    expect(decodeProtectedHeader(token).alg).toBe(expected);
    const jwks = await keys.jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.alg).toBe(expected);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { currentDate: clock.now(), audience: 'client-1' });
    expect(payload.sub).toBe('user-1');
    expect(payload.exp! - payload.iat!).toBe(900);
  });

  it('stores the private key sealed with the secret and serves no private member', async () => {
    const { keys, rows } = setup();
    await keys.current();
    const [row] = rows();
    expect(row?.encryptedPrivateJwk).toMatch(/^enc\.v1\./);
    expect(row?.encryptedPrivateJwk).not.toContain('"d"');
    const opened = new SecretCipher(SECRET, SIGNING_KEY_CIPHER_PURPOSE).decrypt(row!.encryptedPrivateJwk);
    expect(JSON.parse(opened!)).toHaveProperty('d');
    expect(new SecretCipher('another-secret-entirely-0123456789', SIGNING_KEY_CIPHER_PURPOSE).decrypt(row!.encryptedPrivateJwk)).toBeNull();
    for (const jwk of (await keys.jwks()).keys) for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwk).not.toHaveProperty(member);
  });

  it('shares one key between instances over the same store', async () => {
    const { store, clock, keys } = setup();
    const other = new SigningKeys({ store, secret: SECRET, clock, longestTokenLifetimeSeconds: HOUR_S });
    const [a, b] = await Promise.all([keys.current(), other.current()]);
    expect(a.kid).toBe(b.kid);
    const token = await other.sign({ sub: 'u' }, 60);
    await expect(jwtVerify(token, createLocalJWKSet(await keys.jwks()), { currentDate: clock.now() })).resolves.toBeDefined();
  });

  it('refuses a key sealed under another secret', async () => {
    const { store, clock, keys } = setup();
    await keys.current();
    const stranger = new SigningKeys({ store, secret: 'not-the-same-secret-0123456789abc', clock, longestTokenLifetimeSeconds: HOUR_S });
    await expect(stranger.current()).rejects.toThrow(/cannot be opened/);
  });

  it('rotates: new tokens use the new key, old tokens verify until they expire, then the old key leaves', async () => {
    const { keys, clock } = setup();
    const oldToken = await keys.sign({ sub: 'u' }, HOUR_S);
    const oldKid = decodeProtectedHeader(oldToken).kid;
    clock.advance(10 * MINUTE);
    const { kid } = await keys.rotate();
    expect(kid).not.toBe(oldKid);
    const newToken = await keys.sign({ sub: 'u' }, 60);
    expect(decodeProtectedHeader(newToken).kid).toBe(kid);
    const jwks = await keys.jwks();
    expect(jwks.keys.map((key) => key.kid)).toEqual([kid, oldKid]);
    await expect(jwtVerify(oldToken, createLocalJWKSet(jwks), { currentDate: clock.now() })).resolves.toBeDefined();

    clock.advance(HOUR_S * 1000);
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual([kid]);
    expect(await keys.prune()).toBe(1);
  });

  it('will not sign a token that outlives its key in the JWKS', async () => {
    const { keys } = setup();
    await expect(keys.sign({ sub: 'u' }, HOUR_S + 1)).rejects.toThrow();
    await expect(keys.sign({ sub: 'u' }, 0)).rejects.toThrow();
  });
});
