import { raise } from '@tend/kernel';
import type { Session } from '@tend/sessions';
import { accountNamed, type AccountRepository } from '@tend/identity';
import type { SessionManager } from '@tend/sessions';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { AccountLinkingConfig } from '../linking/account-linking.js';

export interface UnlinkAccountInput {
  /** The caller's session: unlinking needs a fresh one (403 Session is not fresh). */
  session: Session;
  /** As list-accounts names it (an SSO account by its provider's id; its stored `sso:` id works too). */
  providerId: string;
  /** The provider's account id, when the user has several accounts of one provider. */
  accountId?: string;
}

/** POST /unlink-account: removes one of the user's accounts, never the last unless configured. */
export class UnlinkAccount {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionManager,
    private readonly linking: Pick<AccountLinkingConfig, 'allowUnlinkingAll'>,
  ) {}

  async execute(input: UnlinkAccountInput): Promise<{ status: true }> {
    this.sessions.requireFresh(input.session);
    const accounts = await this.accounts.listByUser(input.session.userId);
    if (accounts.length === 1 && !this.linking.allowUnlinkingAll) throw raise(PROVIDER_ERRORS.YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT);
    const account = accountNamed(accounts, input.providerId, (a) => input.accountId === undefined || a.accountId === input.accountId);
    if (!account) throw raise(PROVIDER_ERRORS.ACCOUNT_NOT_FOUND);
    await this.accounts.delete(account.id);
    return { status: true };
  }
}
