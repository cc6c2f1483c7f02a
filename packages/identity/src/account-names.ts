// How clients name an account's provider. Accounts of single sign-on are stored under
// `sso:<providerId>` (see @tend/sso's accountProviderIdOf), apart from social providers of the same
// name; clients (better-auth's `listAccounts`, `unlinkAccount`) know the provider by its own id.

/** The prefix of SSO accounts' stored provider ids. */
export const SSO_ACCOUNT_PREFIX = 'sso:';

/** The provider id a client sees for a stored account: an SSO account by its provider's id (`corp-1a2b`), others as stored. */
export function clientProviderIdOf(storedProviderId: string): string {
  return storedProviderId.startsWith(SSO_ACCOUNT_PREFIX) ? storedProviderId.slice(SSO_ACCOUNT_PREFIX.length) : storedProviderId;
}

/**
 * The account a client means by `providerId`, among a user's: the one stored under that id, else
 * the one the client sees under it (an SSO account named by its provider's id).
 */
export function accountNamed<A extends { providerId: string }>(accounts: readonly A[], providerId: string, also: (account: A) => boolean = () => true): A | undefined {
  return accounts.find((account) => account.providerId === providerId && also(account)) ?? accounts.find((account) => clientProviderIdOf(account.providerId) === providerId && also(account));
}
