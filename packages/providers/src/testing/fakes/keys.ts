import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** An RS256 signing key of a fake provider, published in its JWKS under `kid`. */
export class SigningKey {
  private constructor(
    readonly kid: string,
    private readonly privateKey: PrivateKey,
    readonly publicJwk: JWK,
  ) {}

  static async generate(kid: string): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    return new SigningKey(kid, privateKey, { ...jwk, kid, alg: 'RS256', use: 'sig' });
  }

  /** A compact RS256 JWT of `claims` with this key's kid (or another, to test unknown kids). */
  sign(claims: JWTPayload, options: { kid?: string } = {}): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? this.kid, typ: 'JWT' }).sign(this.privateKey);
  }
}

/**
 * The keys of the fake providers: one published key (in every fake JWKS) and one unpublished
 * key with the same kid, to mint tokens whose signature does not verify.
 */
export class FakeKeys {
  private constructor(
    readonly published: SigningKey,
    readonly forged: SigningKey,
  ) {}

  static async generate(): Promise<FakeKeys> {
    const published = await SigningKey.generate('fake-key-1');
    const forged = await SigningKey.generate('fake-key-1');
    return new FakeKeys(published, forged);
  }

  /** The JWKS every fake key endpoint serves. */
  jwks(): { keys: JWK[] } {
    return { keys: [this.published.publicJwk] };
  }
}
