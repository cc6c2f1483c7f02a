import { sha256Hex, type Clock } from '@tend/kernel';
import { tooManyRequests, type RateLimitStore } from '@tend/rate-limit';

/**
 * At most `max` links or codes mailed to one address per window, whoever asks and from wherever:
 * the per-IP limiter cannot stop a flood spread over many addresses, or run with it off. Counted
 * in the shared rate-limit store (Redis across instances), under a hash of the address, for known
 * and unknown addresses alike so the refusal tells nothing about accounts.
 */
export class AddressMailLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly rule: { max: number; window: number },
  ) {}

  /** Counts one mail to `email` (lowercase); 429 TOO_MANY_REQUESTS with the seconds to wait past the limit. */
  async take(email: string): Promise<void> {
    const nowMs = this.clock.now().getTime();
    const { count, resetAtMs } = await this.store.hit(`email-sign-in|${sha256Hex(email)}`, this.rule.window * 1000, nowMs);
    if (count > this.rule.max) throw tooManyRequests({ retryAfterSeconds: (resetAtMs - nowMs) / 1000 });
  }
}
