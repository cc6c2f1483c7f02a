import { importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { SecretCipher, addSeconds, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { generateSigningKeyPair, SIGNING_ALGORITHMS, type SigningAlgorithm, type SigningKeyRecord } from './signing-key.js';
import type { SigningKeyStore } from './signing-key-store.port.js';

/** The purpose of the cipher that seals private signing keys (its own HKDF key). */
export const SIGNING_KEY_CIPHER_PURPOSE = 'oauth-provider.signing-key';

export interface SigningKeysOptions {
  store: SigningKeyStore;
  /** The app secret (AUTH_SECRET): private keys are sealed under a key derived from it. */
  secret: string;
  clock: Clock;
  ids?: IdGenerator;
  /** The algorithm of new keys; EdDSA by default. */
  algorithm?: SigningAlgorithm;
  /** The longest lifetime of a token signed by a key: a retired key stays published this long. */
  longestTokenLifetimeSeconds: number;
}

/** How long an instance signs with the current key it read before reading it again. */
const CURRENT_KEY_HOLD_MS = 60_000;

/** A public JWK as served at `/jwks`. */
export type PublicJwk = JWK & { kid: string; alg: SigningAlgorithm; use: 'sig' };

/** The signing key of the moment: its id (`kid`), algorithm and private key. */
export interface ActiveSigningKey {
  kid: string;
  algorithm: SigningAlgorithm;
  privateKey: CryptoKey;
}

/**
 * The identity provider's signing keys: the current one (made at first use, shared through the
 * store), the JWKS (the current key and retired keys until their tokens expire), rotation, and
 * signing a JWT with the current key.
 */
export class SigningKeys {
  private readonly cipher: SecretCipher;
  private readonly ids: IdGenerator;
  private readonly algorithm: SigningAlgorithm;
  private readonly privateKeys = new Map<string, CryptoKey>();
  private held: { key: ActiveSigningKey; at: number } | null = null;

  constructor(private readonly options: SigningKeysOptions) {
    if (options.algorithm && !SIGNING_ALGORITHMS.includes(options.algorithm)) throw new Error(`Unsupported signing algorithm ${String(options.algorithm)}`);
    if (!(options.longestTokenLifetimeSeconds > 0)) throw new Error('longestTokenLifetimeSeconds must be positive');
    this.cipher = new SecretCipher(options.secret, SIGNING_KEY_CIPHER_PURPOSE);
    this.ids = options.ids ?? uuid;
    this.algorithm = options.algorithm ?? 'EdDSA';
  }

  /**
   * The current key, made and stored when there is none yet. Held for a minute: a key another
   * instance made current meanwhile is taken up then (the one held stays published long after).
   */
  async current(): Promise<ActiveSigningKey> {
    const now = this.options.clock.now().getTime();
    if (this.held && now - this.held.at < CURRENT_KEY_HOLD_MS) return this.held.key;
    const stored = (await this.options.store.current()) ?? (await this.options.store.currentOrCreate(await this.newKey()));
    const key = { kid: stored.id, algorithm: stored.algorithm, privateKey: await this.privateKeyOf(stored) };
    this.held = { key, at: now };
    return key;
  }

  /** Makes a new current key; the previous one stays in the JWKS until its tokens have expired. */
  async rotate(): Promise<{ kid: string }> {
    const now = this.options.clock.now();
    const next = await this.newKey();
    await this.options.store.rotate(next, now, addSeconds(now, this.options.longestTokenLifetimeSeconds));
    this.held = null;
    return { kid: next.id };
  }

  /** The public JSON Web Key Set: every published key (a current one made first if need be). */
  async jwks(): Promise<{ keys: PublicJwk[] }> {
    await this.current();
    const keys = await this.options.store.published(this.options.clock.now());
    return { keys: keys.map((key) => ({ ...publicPart(key.publicJwk), kid: key.id, alg: key.algorithm, use: 'sig' })) };
  }

  /** Signs `claims` with the current key (`iat` now, `exp` after `expiresInSeconds`). */
  async sign(claims: JWTPayload, expiresInSeconds: number): Promise<string> {
    if (!(expiresInSeconds > 0 && expiresInSeconds <= this.options.longestTokenLifetimeSeconds)) {
      throw new Error('A token may not outlive the publication of its signing key');
    }
    const key = await this.current();
    const issuedAt = Math.floor(this.options.clock.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: key.algorithm, kid: key.kid, typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresInSeconds)
      .sign(key.privateKey);
  }

  /**
   * Rotates when the current key is older than `maxAgeSeconds` (0: never); answers whether it did.
   * The scheduled rotation: run by one instance at a time (the cleanup's advisory lock).
   */
  async rotateIfOlderThan(maxAgeSeconds: number, now: Date = this.options.clock.now()): Promise<boolean> {
    if (!(maxAgeSeconds > 0)) return false;
    const current = await this.options.store.current();
    if (!current || now.getTime() - current.createdAt.getTime() < maxAgeSeconds * 1000) return false;
    await this.rotate();
    return true;
  }

  /** Deletes retired keys whose tokens have all expired. */
  async prune(): Promise<number> {
    return this.options.store.deleteUnpublished(this.options.clock.now());
  }

  private async newKey(): Promise<SigningKeyRecord> {
    const { publicJwk, privateJwk } = await generateSigningKeyPair(this.algorithm);
    return {
      id: this.ids(),
      algorithm: this.algorithm,
      publicJwk,
      encryptedPrivateJwk: this.cipher.encrypt(JSON.stringify(privateJwk)),
      createdAt: this.options.clock.now(),
      retiredAt: null,
      publishedUntil: null,
    };
  }

  private async privateKeyOf(record: SigningKeyRecord): Promise<CryptoKey> {
    const cached = this.privateKeys.get(record.id);
    if (cached) return cached;
    const opened = this.cipher.decrypt(record.encryptedPrivateJwk);
    if (opened === null) throw new Error(`Signing key ${record.id} cannot be opened with this secret`);
    const key = await importJWK(JSON.parse(opened) as JWK, record.algorithm);
    if (!isCryptoKey(key)) throw new Error(`Signing key ${record.id} is not an asymmetric key`);
    this.privateKeys.set(record.id, key);
    return key;
  }
}

function isCryptoKey(key: unknown): key is CryptoKey {
  return typeof key === 'object' && key !== null && 'type' in key && (key as { type: unknown }).type === 'private';
}

/** The public members of a JWK (never `d`, `p`, `q`, `dp`, `dq`, `qi`). */
function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined));
}
