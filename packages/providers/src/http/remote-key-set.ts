import type { JWK, importJWK } from 'jose';
import { raise, type Clock } from '@tend/kernel';
import { jwkNotFound, PROVIDER_ERRORS } from '../error-codes.js';
import type { ProviderHttp } from './provider-http.js';
import { isRecord } from './token-response.js';

/** Key-set constants of the spec (section 9): cached 10 minutes, refetched at most every 30 s. */
export const KEY_SET_CACHE_MAX_AGE_MS = 10 * 60 * 1000;
export const KEY_SET_COOLDOWN_MS = 30 * 1000;

type VerificationKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * A provider's published signing keys (Apple, Facebook, Microsoft). Fetched through the
 * provider HTTP seam (so with its timeout), cached for 10 minutes; an unknown `kid` triggers
 * one refetch unless the last fetch is under 30 s old. Failures: 'Keys not found' when the set
 * cannot be had (not 200, timeout, no `keys`), 'JWK with kid {kid} not found' otherwise.
 */
export class RemoteKeySet {
  private keys: JWK[] | null = null;
  private fetchedAt = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly http: ProviderHttp,
    readonly url: string,
    private readonly clock: Clock,
    private readonly timing = { cacheMaxAgeMs: KEY_SET_CACHE_MAX_AGE_MS, cooldownMs: KEY_SET_COOLDOWN_MS },
  ) {}

  /** The key an id token's header names, as a verification key. */
  async key(header: { kid?: string; alg?: string }): Promise<VerificationKey> {
    const kid = header.kid ?? '';
    if (!this.keys || this.age() >= this.timing.cacheMaxAgeMs) {
      // The last fetch failed moments ago: do not ask again before the cooldown is over.
      if (!this.keys && this.age() < this.timing.cooldownMs && !this.inFlight) throw raise(PROVIDER_ERRORS.KEYS_NOT_FOUND);
      await this.refresh();
    }
    let jwk = this.find(kid);
    if (!jwk && this.age() >= this.timing.cooldownMs) {
      await this.refresh();
      jwk = this.find(kid);
    }
    if (!jwk) throw raise(jwkNotFound(kid));
    try {
      // jose loads with the first key imported, not at start.
      return await (await import('jose')).importJWK(jwk, jwk.alg ?? header.alg);
    } catch {
      throw raise(PROVIDER_ERRORS.KEYS_NOT_FOUND);
    }
  }

  private age(): number {
    return this.clock.now().getTime() - this.fetchedAt;
  }

  private find(kid: string): JWK | undefined {
    return this.keys?.find((key) => key.kid === kid);
  }

  private refresh(): Promise<void> {
    // Parallel verifications share one fetch.
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async load(): Promise<void> {
    let body: unknown;
    try {
      const response = await this.http.fetch(this.url, { headers: { accept: 'application/json' } });
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`status ${response.status}`);
      }
      body = await this.http.readJson(this.url, response);
    } catch {
      // A failed fetch still starts the cooldown, so a broken endpoint is not hammered.
      this.fetchedAt = this.clock.now().getTime();
      throw raise(PROVIDER_ERRORS.KEYS_NOT_FOUND);
    }
    if (!isRecord(body) || !Array.isArray(body.keys)) {
      this.fetchedAt = this.clock.now().getTime();
      throw raise(PROVIDER_ERRORS.KEYS_NOT_FOUND);
    }
    this.keys = body.keys.filter((key): key is JWK => isRecord(key) && typeof key.kty === 'string');
    this.fetchedAt = this.clock.now().getTime();
  }
}
