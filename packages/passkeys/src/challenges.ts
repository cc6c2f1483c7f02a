import { addSeconds, randomToken, sha256Hex, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '@tend/identity';

/** What a challenge was issued for: adding a passkey (to one user) or signing in. */
export type ChallengePurpose = { kind: 'registration'; userId: string } | { kind: 'authentication' };

interface StoredChallenge {
  challenge: string;
  purpose: ChallengePurpose;
}

const PREFIX = 'passkey-challenge:';
/** Length of the token the challenge cookie carries. */
export const CHALLENGE_TOKEN_LENGTH = 32;

/**
 * WebAuthn challenges, each bound to the browser that asked for it: stored as a verification
 * record under the SHA-256 of a random token that travels only in the signed challenge cookie.
 * Taking one deletes it, so a challenge is answered once (of parallel answers, one gets it) and
 * a browser without the cookie has none.
 */
export class PasskeyChallenges {
  constructor(
    private readonly verifications: Pick<VerificationRepository, 'create' | 'consume'>,
    private readonly clock: Clock,
    private readonly lifetime: number,
    private readonly newId: IdGenerator = uuid,
  ) {}

  /** Stores a challenge; answers the token for the browser's cookie. */
  async issue(challenge: string, purpose: ChallengePurpose): Promise<string> {
    const token = randomToken(CHALLENGE_TOKEN_LENGTH);
    const now = this.clock.now();
    const value: StoredChallenge = { challenge, purpose };
    await this.verifications.create({ id: this.newId(), identifier: identifierOf(token), value: JSON.stringify(value), expiresAt: addSeconds(now, this.lifetime), createdAt: now, updatedAt: now });
    return token;
  }

  /** The live challenge of a token, removed; null when never issued, used, or expired. */
  async take(token: string | null): Promise<StoredChallenge | null> {
    if (!token) return null;
    const record = await this.verifications.consume(identifierOf(token), this.clock.now());
    if (!record) return null;
    try {
      return JSON.parse(record.value) as StoredChallenge;
    } catch {
      return null;
    }
  }
}

function identifierOf(token: string): string {
  return `${PREFIX}${sha256Hex(token)}`;
}
