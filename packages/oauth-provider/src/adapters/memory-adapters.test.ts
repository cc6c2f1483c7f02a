import { createMemoryTables } from '@tend/kernel';
import { MemorySigningKeyStore } from './memory/memory-signing-key-store.js';
import { MemoryAuthorizationCodeStore } from './memory/memory-authorization-code-store.js';
import { signingKeyStoreContract } from '../testing/signing-key-store.contract.js';
import { authorizationCodeStoreContract } from '../testing/authorization-code-store.contract.js';
import { refreshTokenStoreContract } from '../testing/refresh-token-store.contract.js';
import { MemoryRefreshTokenStore } from './memory/memory-refresh-token-store.js';

const close = async () => undefined;

signingKeyStoreContract('memory', async () => ({ store: new MemorySigningKeyStore(createMemoryTables()), close }));
authorizationCodeStoreContract('memory', async () => ({ store: new MemoryAuthorizationCodeStore(createMemoryTables()), close }));
refreshTokenStoreContract('memory', async () => ({ store: new MemoryRefreshTokenStore(createMemoryTables()), close }));
