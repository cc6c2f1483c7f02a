import { clientProviderIdOf, type AccountRepository } from '@tend/identity';

/** A linked account as its owner sees it: never a token or a password hash; an SSO account named by its provider's id. */
export interface ListedAccount {
  id: string;
  providerId: string;
  accountId: string;
  scopes: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** GET /list-accounts: the signed-in user's accounts (credential and providers). */
export class ListAccounts {
  constructor(private readonly accounts: AccountRepository) {}

  async execute(input: { userId: string }): Promise<ListedAccount[]> {
    const accounts = await this.accounts.listByUser(input.userId);
    return accounts.map((account) => ({
      id: account.id,
      providerId: clientProviderIdOf(account.providerId),
      accountId: account.accountId,
      scopes: account.scope ? account.scope.split(',').filter(Boolean) : [],
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    }));
  }
}
