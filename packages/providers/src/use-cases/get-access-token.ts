import type { AccessTokenResult, StoredTokens } from '../linking/stored-tokens.js';

export interface ProviderTokenInput {
  providerId: string;
  /** The account's id (or the provider's account id) when the user has several of one provider. */
  accountId?: string;
  /** The session's user, or the userId of a server-side call. */
  userId: string;
}

/** POST /get-access-token: a valid access token of a linked account, refreshed when it expires in under 5 s. */
export class GetAccessToken {
  constructor(private readonly tokens: StoredTokens) {}

  async execute(input: ProviderTokenInput): Promise<AccessTokenResult> {
    const { account, provider } = await this.tokens.find(input.userId, input.providerId, input.accountId);
    return this.tokens.valid(account, provider);
  }
}
