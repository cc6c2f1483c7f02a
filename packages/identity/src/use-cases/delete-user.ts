import { addSeconds, GENERAL_ERRORS, raise, raiseFrom, randomLowercaseToken, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { User } from '../entities.js';
import type { Session } from '@tend/sessions';
import { deleteAccountConfirmation } from '@tend/mailer';
import { SESSION_ERRORS, type SessionManager } from '@tend/sessions';
import type { AccountLinks } from '../account-links.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { MailDelivery } from '../mail-delivery.js';
import { PlaceholderEmails } from '../placeholder-email.js';
import type { AccountRepository, PasswordHasher, UserRepository, VerificationRepository } from '../ports.js';
import { DELETE_ACCOUNT_EXPIRES_IN, DELETE_ACCOUNT_TOKEN_LENGTH, deleteAccountIdentifier } from '../verification-values.js';
import type { ConfirmDeleteUser } from './confirm-delete-user.js';

export interface DeleteUserInput {
  user: User;
  session: Session;
  password?: string;
  token?: string;
  callbackURL?: string;
}

export interface DeleteUserSettings {
  /** Without password or token, confirm by a mailed link (sendDeleteAccountVerification). */
  sendDeleteAccountVerification: boolean;
}

export interface DeleteUserDeps {
  users: Pick<UserRepository, 'delete'>;
  accounts: Pick<AccountRepository, 'findCredential'>;
  verifications: Pick<VerificationRepository, 'create' | 'deleteByIdentifier'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  sessions: Pick<SessionManager, 'config' | 'isFresh'>;
  confirm: Pick<ConfirmDeleteUser, 'execute'>;
  links: AccountLinks;
  delivery: Pick<MailDelivery, 'send'>;
  clock: Clock;
  newId?: IdGenerator;
  placeholders?: PlaceholderEmails;
}

/** 'deleted': gone now (`User deleted`); 'mail-sent': a confirmation link was mailed (`Verification email sent`). */
export type DeleteUserOutcome = 'deleted' | 'mail-sent';

/**
 * POST /delete-user (spec section 4, "immediate (password given or fresh session) or via
 * mailed token"):
 * - password: checked (400 Invalid password), then deleted at once;
 * - token: the mailed token, consumed, then deleted at once;
 * - neither, with sendDeleteAccountVerification on: a mailed link (32 characters, one day), or
 *   400 'User already has a password. Provide that to delete the account.' for a user who has one;
 * - neither, with it off: deleted at once on a fresh session, 403 'Session expired.
 *   Re-authenticate to perform this action.' on a stale one, 400 'User cannot be deleted.
 *   please provide a password or token' when freshness is disabled (freshAge 0). A user whose
 *   address is a placeholder can receive no link: the fresh-session rule applies to them.
 */
export class DeleteUser {
  private readonly placeholders: PlaceholderEmails;

  constructor(
    private readonly deps: DeleteUserDeps,
    private readonly settings: DeleteUserSettings = { sendDeleteAccountVerification: true },
  ) {
    this.placeholders = deps.placeholders ?? new PlaceholderEmails();
  }

  async execute(input: DeleteUserInput): Promise<DeleteUserOutcome> {
    const { user } = input;
    const account = await this.deps.accounts.findCredential(user.id);
    if (input.password) {
      if (!account?.password) throw raise(IDENTITY_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND);
      if (!(await this.deps.hasher.verify(account.password, input.password))) throw raise(IDENTITY_ERRORS.INVALID_PASSWORD);
    }
    if (input.token) {
      await this.deps.confirm.execute({ token: input.token, userId: user.id });
      return 'deleted';
    }
    if (input.password) return this.deleteNow(user);
    if (this.settings.sendDeleteAccountVerification && !this.placeholders.matches(user.email)) {
      // A mailed link would let a stolen session skip the password the user has.
      if (account?.password) throw raise(IDENTITY_ERRORS.USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT);
      await this.mailConfirmation(user, input.callbackURL);
      return 'mail-sent';
    }
    if (this.deps.sessions.config.freshAge === 0) throw raise(IDENTITY_ERRORS.USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN);
    if (!this.deps.sessions.isFresh(input.session)) throw raise(SESSION_ERRORS.SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION);
    return this.deleteNow(user);
  }

  private async deleteNow(user: User): Promise<DeleteUserOutcome> {
    await this.deps.users.delete(user.id); // sessions and accounts go with it
    return 'deleted';
  }

  private async mailConfirmation(user: User, callbackURL?: string): Promise<void> {
    const token = randomLowercaseToken(DELETE_ACCOUNT_TOKEN_LENGTH);
    const identifier = deleteAccountIdentifier(token);
    const now = this.deps.clock.now();
    const id = (this.deps.newId ?? uuid)();
    try {
      await this.deps.verifications.create({ id, identifier, value: user.id, expiresAt: addSeconds(now, DELETE_ACCOUNT_EXPIRES_IN), createdAt: now, updatedAt: now });
    } catch (error) {
      throw raiseFrom(error, GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION);
    }
    await this.deps.delivery.send(
      {
        to: user.email,
        purpose: 'delete-account',
        idempotencyKey: `delete-account/${id}`,
        ...deleteAccountConfirmation({ name: user.name, url: this.deps.links.deleteAccount(token, callbackURL), expiresInHours: DELETE_ACCOUNT_EXPIRES_IN / 3600 }),
      },
      () => this.deps.verifications.deleteByIdentifier(identifier),
    );
  }
}
