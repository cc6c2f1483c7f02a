import { addSeconds, randomToken, sha256Hex, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '@tend/identity';

/** What a sign-in link stands for: the address it was mailed to and the name asked for a new account. */
export interface MagicLinkClaims {
  email: string;
  name: string | null;
}

/** 32 letters and digits: far beyond guessing within a link's five minutes. */
export const MAGIC_LINK_TOKEN_LENGTH = 32;
const TOKEN = /^[A-Za-z0-9]{32}$/;

const tokenIdentifier = (hash: string) => `magic-link:${hash}`;
const addressIdentifier = (email: string) => `magic-link-address:${sha256Hex(email)}`;

/**
 * Sign-in links, kept as verification records under the SHA-256 of their token (the token itself
 * lives only in the mail). Each address also has a record naming its newest link: issuing a link
 * deletes the one before, and a link that is not the newest is refused even if a race kept it.
 * Redeeming consumes the record, so a link signs in once.
 */
export class MagicLinks {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
    private readonly lifetime: number,
    private readonly newId: IdGenerator = uuid,
  ) {}

  /** A new link for `email` (lowercase), voiding the earlier ones; `revoke` undoes it (its mail was not sent). */
  async issue(claims: MagicLinkClaims): Promise<{ token: string; revoke: () => Promise<void> }> {
    const address = addressIdentifier(claims.email);
    const previous = await this.verifications.findByIdentifier(address, this.clock.now());
    if (previous) await this.verifications.deleteByIdentifier(tokenIdentifier(previous.value));
    await this.verifications.deleteByIdentifier(address);
    const token = randomToken(MAGIC_LINK_TOKEN_LENGTH);
    const hash = sha256Hex(token);
    const now = this.clock.now();
    const expiresAt = addSeconds(now, this.lifetime);
    await this.verifications.create({ id: this.newId(), identifier: tokenIdentifier(hash), value: JSON.stringify(claims), expiresAt, createdAt: now, updatedAt: now });
    await this.verifications.create({ id: this.newId(), identifier: address, value: hash, expiresAt, createdAt: now, updatedAt: now });
    const revoke = async () => {
      await this.verifications.deleteByIdentifier(tokenIdentifier(hash));
      await this.verifications.deleteByIdentifier(address);
    };
    return { token, revoke };
  }

  /**
   * The store work of `issue`, statement for statement, for an address that gets no link: a decoy
   * link whose token is dropped here, so nobody ever holds it. Known and unknown addresses answer
   * in the same time.
   */
  async pretend(email: string): Promise<void> {
    await this.issue({ email, name: null });
  }

  /** The claims of a live, newest link, consumed (of parallel calls one gets them); null otherwise. */
  async redeem(token: string): Promise<MagicLinkClaims | null> {
    if (!TOKEN.test(token)) return null;
    const hash = sha256Hex(token);
    const record = await this.verifications.consume(tokenIdentifier(hash), this.clock.now());
    const claims = record ? decode(record.value) : null;
    if (!claims) return null;
    const address = addressIdentifier(claims.email);
    const newest = await this.verifications.findByIdentifier(address, this.clock.now());
    if (newest?.value !== hash) return null;
    await this.verifications.deleteByIdentifier(address);
    return claims;
  }
}

function decode(value: string): MagicLinkClaims | null {
  try {
    const parsed = JSON.parse(value) as Partial<MagicLinkClaims>;
    return typeof parsed.email === 'string' ? { email: parsed.email, name: typeof parsed.name === 'string' ? parsed.name : null } : null;
  } catch {
    return null;
  }
}
