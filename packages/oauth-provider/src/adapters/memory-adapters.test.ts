import { createMemoryTables } from '@tend/kernel';
import { MemorySigningKeyStore } from './memory/memory-signing-key-store.js';
import { MemoryAuthorizationCodeStore } from './memory/memory-authorization-code-store.js';
import { MemoryRefreshTokenStore } from './memory/memory-refresh-token-store.js';
import { MemoryOAuthClientRepository } from './memory/memory-oauth-client-repository.js';
import { MemoryConsentStore } from './memory/memory-consent-store.js';
import { MemoryAccessTokenStore } from './memory/memory-access-token-store.js';
import { signingKeyStoreContract } from '../testing/signing-key-store.contract.js';
import { authorizationCodeStoreContract } from '../testing/authorization-code-store.contract.js';
import { refreshTokenStoreContract } from '../testing/refresh-token-store.contract.js';
import { oauthClientRepositoryContract } from '../testing/oauth-client-repository.contract.js';
import { consentStoreContract } from '../testing/consent-store.contract.js';
import { accessTokenStoreContract } from '../testing/access-token-store.contract.js';
import { oauthStorageCascadeContract } from '../testing/oauth-storage-cascade.contract.js';

const close = async () => undefined;

signingKeyStoreContract('memory', async () => ({ store: new MemorySigningKeyStore(createMemoryTables()), close }));
authorizationCodeStoreContract('memory', async () => ({ store: new MemoryAuthorizationCodeStore(createMemoryTables()), close }));
refreshTokenStoreContract('memory', async () => ({ store: new MemoryRefreshTokenStore(createMemoryTables()), close }));
oauthClientRepositoryContract('memory', async () => ({ clients: new MemoryOAuthClientRepository(createMemoryTables()), close }));
consentStoreContract('memory', async () => ({ store: new MemoryConsentStore(createMemoryTables()), close }));
accessTokenStoreContract('memory', async () => ({ store: new MemoryAccessTokenStore(createMemoryTables()), close }));
oauthStorageCascadeContract('memory', async () => {
  const tables = createMemoryTables();
  return {
    clients: new MemoryOAuthClientRepository(tables),
    consents: new MemoryConsentStore(tables),
    accessTokens: new MemoryAccessTokenStore(tables),
    refreshTokens: new MemoryRefreshTokenStore(tables),
    codes: new MemoryAuthorizationCodeStore(tables),
    seedUser: async (id) => void tables.table('users').set(id, { id }),
    deleteUser: async (id) => tables.deleteRow('users', id),
    close,
  };
});
