import { raise } from '@tend/kernel';
import { IDENTITY_ERRORS, type SignInClient, type SignInOutcome } from '@tend/identity';
import type { EmailSignIns } from '../email-sign-ins.js';
import type { MagicLinks } from '../magic-links.js';

export interface VerifyMagicLinkInput {
  token: string;
  client: SignInClient;
  /** Where the person goes once signed in (kept across a second-factor challenge). */
  next?: string | null;
}

/**
 * GET /magic-link/verify: redeems a mailed link (once) and signs its address in through the
 * sign-in completion. A used, unknown, voided or expired link is 400 INVALID_TOKEN; a banned user
 * 403 BANNED_USER.
 */
export class VerifyMagicLink {
  constructor(
    private readonly links: MagicLinks,
    private readonly signIns: EmailSignIns,
  ) {}

  async execute(input: VerifyMagicLinkInput): Promise<SignInOutcome> {
    const claims = await this.links.redeem(input.token);
    if (!claims) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    const outcome = await this.signIns.signIn({ email: claims.email, name: claims.name, method: 'magic-link', client: input.client, next: input.next });
    // Sign-up turned off (or the account removed) since the link was mailed.
    if (!outcome) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    return outcome;
  }
}
