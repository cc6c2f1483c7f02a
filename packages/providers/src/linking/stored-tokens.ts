import { raise, type Clock } from '@tend/kernel';
import type { Account } from '@tend/identity';
import type { AccountRepository } from '@tend/identity';
import { PROVIDER_ERRORS } from '../error-codes.js';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../http/provider-http.js';
import type { OAuthProvider, ProviderLookup } from '../oauth-provider.port.js';
import type { TokenCipher } from '../token-cipher.js';

/** Spec section 9: an access token expiring in under 5 s is refreshed first. */
export const REFRESH_MARGIN_MS = 5000;

export interface AccessTokenResult {
  accessToken: string;
  accessTokenExpiresAt: Date | null;
  scopes: string[];
  idToken: string | null;
}

export interface RefreshedTokens extends AccessTokenResult {
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
  tokenType: string | null;
}

/** The provider tokens stored on a user's accounts: found, decrypted, refreshed and stored again. */
export class StoredTokens {
  constructor(
    private readonly providers: ProviderLookup,
    private readonly accounts: AccountRepository,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    /** How long a refresh may hold the account's lock: the provider call's limit and then some. */
    private readonly lockTimeoutMs: number = 2 * DEFAULT_PROVIDER_TIMEOUT_MS + 5_000,
  ) {}

  /** The trade of each account's refresh token under way in this process, joined by concurrent callers. */
  private readonly inFlight = new Map<string, Promise<RefreshedTokens>>();

  /** The user's account of a provider (by row id or provider account id when given) with its provider. */
  async find(userId: string, providerId: string, accountId?: string): Promise<{ account: Account; provider: OAuthProvider }> {
    const provider = this.providers.get(providerId);
    if (!provider) throw raise(PROVIDER_ERRORS.PROVIDER_NOT_FOUND);
    const accounts = await this.accounts.listByUser(userId);
    const account = accounts.find((a) => a.providerId === providerId && (accountId === undefined || a.id === accountId || a.accountId === accountId));
    if (!account) throw raise(PROVIDER_ERRORS.ACCOUNT_NOT_FOUND);
    return { account, provider };
  }

  /** A usable access token: the stored one, refreshed first when it expires in under 5 s and can be. */
  async valid(account: Account, provider: OAuthProvider): Promise<AccessTokenResult> {
    const expiresAt = account.accessTokenExpiresAt;
    const expiring = expiresAt !== null && expiresAt.getTime() - this.clock.now().getTime() < REFRESH_MARGIN_MS;
    if (expiring && account.refreshToken && provider.refreshAccessToken) {
      let refreshed: RefreshedTokens;
      try {
        refreshed = await this.refresh(account, provider);
      } catch {
        throw raise(PROVIDER_ERRORS.FAILED_TO_GET_A_VALID_ACCESS_TOKEN);
      }
      // Only the access token's fields: the refresh token never leaves through this route.
      return { accessToken: refreshed.accessToken, accessTokenExpiresAt: refreshed.accessTokenExpiresAt, scopes: refreshed.scopes, idToken: refreshed.idToken };
    }
    const accessToken = this.cipher.open(account.accessToken);
    if (!accessToken) throw raise(PROVIDER_ERRORS.ACCESS_TOKEN_NOT_FOUND);
    return { accessToken, accessTokenExpiresAt: expiresAt, scopes: scopesOf(account), idToken: this.cipher.open(account.idToken) };
  }

  /**
   * Trades the stored refresh token for new tokens and stores them (what the provider omits is
   * kept). Providers that rotate refresh tokens accept each one once, so concurrent refreshes of
   * one account never both spend it: here they share one trade, and across instances the row
   * lock queues them; a caller that finds the token it read already traded answers what the
   * trade stored instead of spending the new one.
   */
  async refresh(account: Account, provider: OAuthProvider): Promise<RefreshedTokens> {
    if (!provider.refreshAccessToken) throw raise(PROVIDER_ERRORS.PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING);
    if (!this.cipher.open(account.refreshToken)) throw raise(PROVIDER_ERRORS.REFRESH_TOKEN_NOT_FOUND);
    const running = this.inFlight.get(account.id);
    if (running) return running;
    const trade = this.trade(account, provider).finally(() => this.inFlight.delete(account.id));
    this.inFlight.set(account.id, trade);
    return trade;
  }

  private async trade(read: Account, provider: OAuthProvider): Promise<RefreshedTokens> {
    const traded = await this.accounts.updateLocked(
      read.id,
      async (account) => {
        // Changed since it was read: another caller traded it (or a sign-in replaced it).
        if (account.refreshToken !== read.refreshToken) return { patch: null, result: this.stored(account) };
        const refreshToken = this.cipher.open(account.refreshToken);
        if (!refreshToken || !provider.refreshAccessToken) throw raise(PROVIDER_ERRORS.REFRESH_TOKEN_NOT_FOUND);
        const fresh = await provider.refreshAccessToken(refreshToken);
        const result: RefreshedTokens = {
          accessToken: fresh.accessToken,
          accessTokenExpiresAt: fresh.accessTokenExpiresAt,
          refreshToken: fresh.refreshToken ?? refreshToken,
          refreshTokenExpiresAt: fresh.refreshTokenExpiresAt ?? (fresh.refreshToken ? null : account.refreshTokenExpiresAt),
          idToken: fresh.idToken ?? this.cipher.open(account.idToken),
          scopes: fresh.scopes.length > 0 ? fresh.scopes : scopesOf(account),
          tokenType: fresh.tokenType,
        };
        const patch = {
          accessToken: this.cipher.seal(result.accessToken),
          accessTokenExpiresAt: result.accessTokenExpiresAt,
          refreshToken: this.cipher.seal(result.refreshToken),
          refreshTokenExpiresAt: result.refreshTokenExpiresAt,
          idToken: this.cipher.seal(result.idToken),
          scope: result.scopes.length > 0 ? result.scopes.join(',') : null,
          updatedAt: this.clock.now(),
        };
        return { patch, result };
      },
      { timeoutMs: this.lockTimeoutMs },
    );
    if (!traded) throw raise(PROVIDER_ERRORS.ACCOUNT_NOT_FOUND);
    return traded;
  }

  /** The tokens as another caller's trade stored them. */
  private stored(account: Account): RefreshedTokens {
    const accessToken = this.cipher.open(account.accessToken);
    if (!accessToken) throw raise(PROVIDER_ERRORS.ACCESS_TOKEN_NOT_FOUND);
    return {
      accessToken,
      accessTokenExpiresAt: account.accessTokenExpiresAt,
      refreshToken: this.cipher.open(account.refreshToken),
      refreshTokenExpiresAt: account.refreshTokenExpiresAt,
      idToken: this.cipher.open(account.idToken),
      scopes: scopesOf(account),
      // Not stored; every provider here issues bearer tokens.
      tokenType: 'Bearer',
    };
  }
}

function scopesOf(account: Account): string[] {
  return account.scope ? account.scope.split(',').filter(Boolean) : [];
}
