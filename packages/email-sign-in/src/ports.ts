/**
 * Takes over an account whose email was never verified, for whoever just proved they own the
 * address: revokes what its unproven registrant set up (password, provider links, sessions).
 * Identity's ClaimUnverifiedAccount is the implementation.
 */
export interface AccountClaim {
  execute(input: { userId: string; method: string; ipAddress?: string | null; userAgent?: string | null }): Promise<unknown>;
}
