import { isAuthError, raise } from '@tend/kernel';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { RefreshedTokens, StoredTokens } from '../linking/stored-tokens.js';
import type { ProviderTokenInput } from './get-access-token.js';

const OWN_ERRORS = new Set(['PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING', 'REFRESH_TOKEN_NOT_FOUND']);

/** POST /refresh-token: trades the stored refresh token for new tokens now, and stores them. */
export class RefreshToken {
  constructor(private readonly tokens: StoredTokens) {}

  async execute(input: ProviderTokenInput): Promise<RefreshedTokens> {
    const { account, provider } = await this.tokens.find(input.userId, input.providerId, input.accountId);
    try {
      return await this.tokens.refresh(account, provider);
    } catch (error) {
      if (isAuthError(error) && OWN_ERRORS.has(error.code)) throw error;
      throw raise(PROVIDER_ERRORS.FAILED_TO_REFRESH_ACCESS_TOKEN);
    }
  }
}
