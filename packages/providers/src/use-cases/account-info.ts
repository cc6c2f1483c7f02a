import { raise } from '@tend/kernel';
import type { AccountRepository } from '@tend/identity';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { StoredTokens } from '../linking/stored-tokens.js';
import type { ProviderProfile } from '../oauth-provider.port.js';

export interface AccountInfoInput {
  /** The account's id (or the provider's account id), one of the signed-in user's. */
  accountId: string;
  userId: string;
}

/** POST /account-info: the provider's current profile of a linked account, read with its stored token. */
export class AccountInfo {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly tokens: StoredTokens,
  ) {}

  async execute(input: AccountInfoInput): Promise<ProviderProfile> {
    const accounts = await this.accounts.listByUser(input.userId);
    const account = accounts.find((a) => a.id === input.accountId) ?? accounts.find((a) => a.accountId === input.accountId && a.providerId !== 'credential');
    if (!account) throw raise(PROVIDER_ERRORS.ACCOUNT_NOT_FOUND);
    const { provider } = await this.tokens.find(input.userId, account.providerId, account.id);
    const { accessToken, idToken } = await this.tokens.valid(account, provider);
    let info: ProviderProfile | null;
    try {
      info = await provider.getUserInfo({ accessToken, idToken });
    } catch {
      throw raise(PROVIDER_ERRORS.FAILED_TO_GET_USER_INFO);
    }
    if (!info) throw raise(PROVIDER_ERRORS.FAILED_TO_GET_USER_INFO);
    return info;
  }
}
