import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** The algorithms Tend signs tokens with: EdDSA (Ed25519) by default, RS256 for older relying parties. */
export type SigningAlgorithm = 'EdDSA' | 'RS256';
export const SIGNING_ALGORITHMS: readonly SigningAlgorithm[] = ['EdDSA', 'RS256'];

/**
 * A stored signing key. The private key is a JWK sealed with the app secret (kernel
 * `SecretCipher`); the public JWK is stored as it is. A retired key signs nothing more but stays
 * in the JWKS until `publishedUntil`, when every token it signed has expired.
 */
export interface SigningKeyRecord {
  id: string;
  algorithm: SigningAlgorithm;
  publicJwk: JWK;
  encryptedPrivateJwk: string;
  createdAt: Date;
  retiredAt: Date | null;
  publishedUntil: Date | null;
}

/** A fresh key pair as JWKs (private and public), extractable so the private half can be sealed. */
export async function generateSigningKeyPair(algorithm: SigningAlgorithm): Promise<{ publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } =
    algorithm === 'EdDSA'
      ? await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
      : await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
}

/** Whether the key belongs in the JWKS at `now`: current, or retired with tokens still alive. */
export function isPublished(key: SigningKeyRecord, now: Date): boolean {
  return key.retiredAt === null || (key.publishedUntil !== null && key.publishedUntil.getTime() > now.getTime());
}
