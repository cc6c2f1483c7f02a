import { raise, type Clock, type Session } from '@tend/kernel';
import type { SessionManager } from '@tend/sessions';
import { IDENTITY_ERRORS } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { AccountRepository, PasswordHasher } from '../ports.js';

export interface ChangePasswordInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
  /** Sign out every other device: a new session replaces all the user's sessions. */
  revokeOtherSessions?: boolean;
  rememberMe?: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** POST /change-password: needs the current password; answers the new session when others were revoked. */
export class ChangePassword {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionManager,
    private readonly clock: Clock,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  async execute(input: ChangePasswordInput): Promise<{ session: Session | null }> {
    checkPassword(input.newPassword, this.policy);
    const account = await this.accounts.findCredential(input.userId);
    if (!account?.password) throw raise(IDENTITY_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await this.hasher.verify(account.password, input.currentPassword))) throw raise(IDENTITY_ERRORS.INVALID_PASSWORD);
    await this.accounts.update(account.id, { password: await this.hasher.hash(input.newPassword), updatedAt: this.clock.now() });
    if (!input.revokeOtherSessions) return { session: null };

    // The current token may have been seen with the old password: it goes too.
    const session = await this.sessions.create({ userId: input.userId, rememberMe: input.rememberMe, ipAddress: input.ipAddress, userAgent: input.userAgent });
    await this.sessions.revokeOthers(input.userId, session.token);
    return { session };
  }
}
