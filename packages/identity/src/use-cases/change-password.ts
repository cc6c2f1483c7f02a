import { raise, type Clock } from '@tend/kernel';
import type { User } from '../entities.js';
import type { SessionManager } from '@tend/sessions';
import { IDENTITY_ERRORS } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { AccountRepository, PasswordHasher } from '../ports.js';
import type { SignInClient } from '../sign-in/proof.js';
import type { SessionOutcome, SignInCompletion } from '../sign-in/sign-in-completion.js';

export interface ChangePasswordInput {
  user: User;
  currentPassword: string;
  newPassword: string;
  /** Sign out every other device: a new session replaces all the user's sessions. */
  revokeOtherSessions?: boolean;
  rememberMe?: boolean;
  client: SignInClient;
}

export interface ChangePasswordDeps {
  accounts: Pick<AccountRepository, 'findCredential' | 'update'>;
  hasher: PasswordHasher;
  completion: Pick<SignInCompletion, 'vouch'>;
  sessions: Pick<SessionManager, 'revokeOthers'>;
  clock: Clock;
}

/** POST /change-password: needs the current password; answers the new session's sign-in when others were revoked. */
export class ChangePassword {
  constructor(
    private readonly deps: ChangePasswordDeps,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  async execute(input: ChangePasswordInput): Promise<{ signIn: SessionOutcome | null }> {
    const { accounts, hasher, completion, sessions, clock } = this.deps;
    checkPassword(input.newPassword, this.policy);
    const { user } = input;
    const account = await accounts.findCredential(user.id);
    if (!account?.password) throw raise(IDENTITY_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await hasher.verify(account.password, input.currentPassword))) throw raise(IDENTITY_ERRORS.INVALID_PASSWORD);
    await accounts.update(account.id, { password: await hasher.hash(input.newPassword), updatedAt: clock.now() });
    if (!input.revokeOtherSessions) return { signIn: null };

    // The current token may have been seen with the old password: it goes too. The current
    // session vouches for the new one (no sign-in challenge again).
    const signIn = await completion.vouch({ user, method: 'password-change', factors: ['password'], rememberMe: input.rememberMe, client: input.client });
    await sessions.revokeOthers(user.id, signIn.session.token);
    return { signIn };
  }
}
