// Domain verification (better-auth's `domainVerification`): the owner of a provider proves its
// email domain by publishing a TXT record, `_better-auth-token-<providerId>.<domain>`, holding
// the provider's token (or `_better-auth-token-<providerId>=<token>`). The token lives a week as a
// verification row tied to the provider's row (so a provider registered again under the same
// providerId never inherits an old one).
import { constantTimeEqual, randomToken, uuid, GENERAL_ERRORS, raise, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '@tend/identity';
import type { SsoProvider } from './entities.js';

/** better-auth's default `tokenPrefix`. */
export const DOMAIN_TOKEN_PREFIX = 'better-auth-token';
/** A verification token lives a week (better-auth's). */
export const DOMAIN_TOKEN_EXPIRES_IN_MS = 7 * 24 * 60 * 60 * 1000;
const DOMAIN_TOKEN_LENGTH = 24;
const ROW_PREFIX = 'sso-domain-token:';

/** `_better-auth-token-<providerId>`: the record's first label, and the key of its `key=token` form. */
export const domainRecordLabelOf = (providerId: string) => `_${DOMAIN_TOKEN_PREFIX}-${providerId}`;

/** `_better-auth-token-<providerId>.<domain>`: where the owner publishes the token. */
export const domainRecordNameOf = (providerId: string, domain: string) => `${domainRecordLabelOf(providerId)}.${domain}`;

/** Whether one TXT value found at the record's name is the token, bare or as `_better-auth-token-<providerId>=<token>`. */
export function recordsProve(values: readonly string[], providerId: string, token: string): boolean {
  const keyed = `${domainRecordLabelOf(providerId)}=${token}`;
  let found = false;
  // Every value compared in constant time, whatever matched before.
  for (const value of values) {
    const trimmed = value.trim();
    if (constantTimeEqual(trimmed, token) || constantTimeEqual(trimmed, keyed)) found = true;
  }
  return found;
}

/** Who holds a provider's domain: its organization, or the user who registered it without one. */
export const domainOwnerOf = (provider: Pick<SsoProvider, 'organizationId' | 'userId'>) => provider.organizationId ?? `user:${provider.userId}`;

/** The verification tokens of providers' domains, as verification rows (`sso-domain-token:<provider row id>`). */
export class SsoDomainTokens {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
    private readonly newId: IdGenerator = uuid,
  ) {}

  /** The provider's live token, or null. */
  async active(provider: Pick<SsoProvider, 'id'>): Promise<string | null> {
    return (await this.verifications.findByIdentifier(ROW_PREFIX + provider.id, this.clock.now()))?.value ?? null;
  }

  /** The live token, else a new one (a week). */
  async activeOrNew(provider: Pick<SsoProvider, 'id'>): Promise<string> {
    return (await this.active(provider)) ?? this.issue(provider);
  }

  /** A new token (a week), replacing none: the newest row is the one in force. */
  async issue(provider: Pick<SsoProvider, 'id'>): Promise<string> {
    const now = this.clock.now();
    const identifier = ROW_PREFIX + provider.id;
    try {
      await this.verifications.create({ id: this.newId(), identifier, value: randomToken(DOMAIN_TOKEN_LENGTH), expiresAt: new Date(now.getTime() + DOMAIN_TOKEN_EXPIRES_IN_MS), createdAt: now, updatedAt: now });
    } catch {
      throw raise(GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION);
    }
    // Read back: a parallel issuer may have written after us, and the newest row is the one verification looks for.
    const newest = await this.verifications.findByIdentifier(identifier, now);
    if (!newest) throw raise(GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION);
    return newest.value;
  }

  /** Forgets the provider's tokens (it is verified, or gone). */
  discard(provider: Pick<SsoProvider, 'id'>): Promise<void> {
    return this.verifications.deleteByIdentifier(ROW_PREFIX + provider.id);
  }
}
