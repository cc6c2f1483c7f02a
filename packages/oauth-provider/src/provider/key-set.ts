import { createLocalJWKSet, jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';
import type { Clock } from '@tend/kernel';
import type { PublicJwk, SigningKeys } from '../signing-keys/signing-keys.js';

/** How long the published keys are served from memory before the store is asked again. */
const REFRESH_MS = 60_000;
/** An unknown `kid` (a key another instance just made) reloads the keys, at most this often. */
const MISS_REFRESH_MS = 5_000;
/** Tokens whose signature was checked, remembered until they expire (a signature cannot stop being valid). */
const VERIFIED_ENTRIES = 10_000;

/**
 * The published keys, held in memory: `/jwks` answers from here, and every token this provider
 * verifies (access tokens at userinfo and introspection, ID token hints) is checked against it.
 */
export class PublishedKeys {
  private cached: { keys: PublicJwk[]; at: number; verifier: ReturnType<typeof createLocalJWKSet> } | null = null;
  private loading: Promise<{ keys: PublicJwk[] }> | null = null;
  private readonly verified = new Map<string, JWTPayload>();

  constructor(
    private readonly signingKeys: SigningKeys,
    private readonly clock: Clock,
  ) {}

  async jwks(): Promise<{ keys: PublicJwk[] }> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < REFRESH_MS) return { keys: this.cached.keys };
    return this.reload();
  }

  /**
   * Verifies a JWT signed by one of the published keys (a key unknown here reloads them once). A
   * token checked before against the same issuer is answered from memory until its `exp` (the
   * busy paths, userinfo and introspection, see the same tokens again and again); what can change
   * (revocation) is the caller's to look up.
   */
  async verify(token: string, options: JWTVerifyOptions): Promise<JWTPayload> {
    const cacheable = options.currentDate === undefined && options.audience === undefined && typeof options.issuer === 'string';
    const key = cacheable ? `${options.issuer as string}\n${token}` : null;
    const known = key === null ? undefined : this.verified.get(key);
    if (known && typeof known.exp === 'number' && known.exp * 1000 > this.clock.now().getTime()) return known;
    const payload = await this.verifyNow(token, options);
    if (key !== null && typeof payload.exp === 'number') {
      if (this.verified.size >= VERIFIED_ENTRIES) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(key, payload);
    }
    return payload;
  }

  private async verifyNow(token: string, options: JWTVerifyOptions): Promise<JWTPayload> {
    const attempt = async () => {
      await this.jwks();
      // The key set as jose holds it (keys imported once per reload, not per token).
      return jwtVerify(token, this.cached!.verifier, { currentDate: this.clock.now(), ...options });
    };
    try {
      return (await attempt()).payload;
    } catch (error) {
      const stale = this.cached && this.clock.now().getTime() - this.cached.at >= MISS_REFRESH_MS;
      if ((error as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY' || !stale) throw error;
      await this.reload();
      return (await attempt()).payload;
    }
  }

  /** Forgets the keys (after a rotation in this process). */
  invalidate(): void {
    this.cached = null;
  }

  private reload(): Promise<{ keys: PublicJwk[] }> {
    this.loading ??= this.signingKeys
      .jwks()
      .then((jwks) => {
        this.cached = { keys: jwks.keys, at: this.clock.now().getTime(), verifier: createLocalJWKSet(jwks) };
        return jwks;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
