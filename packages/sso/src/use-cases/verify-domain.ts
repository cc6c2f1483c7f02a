import { raise, type Clock, type Logger } from '@tend/kernel';
import { domainOwnerOf, domainRecordNameOf, recordsProve, type SsoDomainTokens } from '../domain-ownership.js';
import type { SsoProvider } from '../entities.js';
import { SSO_ERRORS } from '../error-codes.js';
import type { DnsTxtLookup, SsoProviderRepository } from '../ports.js';

export interface VerifySsoDomainDeps {
  providers: Pick<SsoProviderRepository, 'listVerifiedByDomain' | 'markDomainVerified'>;
  /** The provider when the caller may manage it (404 unknown, 403 otherwise): ManageSsoProviders.managed. */
  managed(userId: string, providerId: string): Promise<SsoProvider>;
  tokens: SsoDomainTokens;
  dns: DnsTxtLookup;
  clock: Clock;
  logger: Logger;
}

/**
 * Proving a provider's email domain by DNS (better-auth's `domainVerification`): the owner gets a
 * token, publishes it in a TXT record at `_better-auth-token-<providerId>.<domain>`, and asks for
 * the check. Until then the provider signs no one in. A domain another owner verified is refused.
 */
export class VerifySsoDomain {
  constructor(private readonly deps: VerifySsoDomainDeps) {}

  /** POST /sso/request-domain-verification: the live token (a week), else a new one; 409 once verified. */
  async request(userId: string, providerId: string): Promise<{ domainVerificationToken: string }> {
    const provider = await this.deps.managed(userId, providerId);
    if (provider.domainVerified) throw raise(SSO_ERRORS.DOMAIN_VERIFIED);
    return { domainVerificationToken: await this.deps.tokens.activeOrNew(provider) };
  }

  /**
   * POST /sso/verify-domain: looks the record up and marks the domain verified. 502 when the
   * record is missing, holds another value or the look-up fails; 409 when already verified or
   * verified by another owner; 404 without a live token.
   */
  async verify(userId: string, providerId: string): Promise<void> {
    const { deps } = this;
    const provider = await deps.managed(userId, providerId);
    if (provider.domainVerified) throw raise(SSO_ERRORS.DOMAIN_VERIFIED);
    const token = await deps.tokens.active(provider);
    if (!token) throw raise(SSO_ERRORS.NO_PENDING_VERIFICATION);
    await this.assertUnclaimed(provider);
    const name = domainRecordNameOf(provider.providerId, provider.domain);
    let values: string[];
    try {
      values = await deps.dns.txt(name);
    } catch (error) {
      deps.logger.warn('sso domain verification: TXT look-up failed', { provider: provider.providerId, error: (error as { code?: string }).code ?? (error instanceof Error ? error.name : 'unknown') });
      values = [];
    }
    if (!recordsProve(values, provider.providerId, token)) throw raise(SSO_ERRORS.DOMAIN_VERIFICATION_FAILED);
    // Marked only if the domain is still the one just proven (a change meanwhile voids the proof).
    const outcome = await deps.providers.markDomainVerified(provider.id, provider.domain, deps.clock.now());
    switch (outcome) {
      case 'verified':
        await deps.tokens.discard(provider);
        return;
      case 'already-verified':
        throw raise(SSO_ERRORS.DOMAIN_VERIFIED);
      case 'taken':
        throw raise(SSO_ERRORS.DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION);
      case 'domain-changed':
        throw raise(SSO_ERRORS.DOMAIN_VERIFICATION_FAILED);
      case 'not-found':
        throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    }
  }

  /** 409 when a provider of another owner holds the domain verified. */
  private async assertUnclaimed(provider: SsoProvider): Promise<void> {
    const owner = domainOwnerOf(provider);
    const others = await this.deps.providers.listVerifiedByDomain(provider.domain);
    if (others.some((other) => domainOwnerOf(other) !== owner)) throw raise(SSO_ERRORS.DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION);
  }
}
